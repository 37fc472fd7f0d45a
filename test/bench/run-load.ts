// Runs one autocannon load through load-client.ts in its own process, pinned to the client core when taskset exists.
import { spawn } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PROJECT_ROOT } from './build-bench.ts';
import type { LoadFigures, LoadPlan } from './load-client.ts';
import { CLIENT_CORE } from './servers.ts';
import { pinned } from './tools.ts';
import type { Tools } from './tools.ts';

export async function runLoad(tools: Tools, workDir: string, plan: LoadPlan): Promise<LoadFigures> {
  const planFile = join(workDir, `load-plan-${process.pid}-${Date.now()}.json`);
  await writeFile(planFile, JSON.stringify(plan));
  const [command, args] = pinned(tools, CLIENT_CORE, process.execPath, [
    '--import',
    'tsx',
    join(import.meta.dirname, 'load-client.ts'),
    planFile,
  ]);
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(command, args, { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`load client exited ${code}`))));
  });
  await rm(planFile, { force: true });
  return JSON.parse(output.trim().split('\n').pop() ?? '{}') as LoadFigures;
}
