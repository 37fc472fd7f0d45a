// Runs one open-loop load through open-loop-client.ts in its own process, pinned to the client core when taskset
// exists.
import { spawn } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PROJECT_ROOT } from './build-bench.ts';
import type { OpenLoopFigures, OpenLoopPlan } from './open-loop-client.ts';
import { CLIENT_CORE } from './servers.ts';
import { pinned } from './tools.ts';
import type { Tools } from './tools.ts';

export async function runOpenLoop(tools: Tools, workDir: string, plan: OpenLoopPlan): Promise<OpenLoopFigures> {
  const planFile = join(workDir, `open-loop-plan-${process.pid}-${Date.now()}.json`);
  await writeFile(planFile, JSON.stringify(plan));
  const [command, args] = pinned(tools, CLIENT_CORE, process.execPath, [
    '--import',
    'tsx',
    join(import.meta.dirname, 'open-loop-client.ts'),
    planFile,
  ]);
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(command, args, { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`open-loop client exited ${code}`))));
  });
  await rm(planFile, { force: true });
  return JSON.parse(output.trim().split('\n').pop() ?? '{}') as OpenLoopFigures;
}
