// Starts the built gateway (gateway/build/serve.mjs) as a child process with plain node, as production runs it.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const BUILT_GATEWAY = fileURLToPath(new URL('../gateway/build/serve.mjs', import.meta.url));
const LISTENING = /^snapi gateway listening on (\S+)/;

export interface BuiltGateway {
  url: string;
  child: ChildProcess;
  /** The listening line, then every later line the gateway printed on stdout. */
  lines: string[];
  /** SIGTERM, and resolves with the exit code once the process has ended. */
  stop(): Promise<number | null>;
}

export function startBuiltGateway(
  args: string[],
  options: { onLine?: (line: string) => void; env?: NodeJS.ProcessEnv } = {},
): Promise<BuiltGateway> {
  if (!existsSync(BUILT_GATEWAY)) return Promise.reject(new Error(`${BUILT_GATEWAY} is missing: run npm run bundle`));
  const child = spawn(process.execPath, [BUILT_GATEWAY, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: options.env ?? process.env,
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const lines: string[] = [];
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const reader = createInterface({ input: child.stdout! });
    reader.on('line', (line) => {
      lines.push(line);
      options.onLine?.(line);
      const listening = LISTENING.exec(line);
      if (listening?.[1]) resolve({ url: listening[1], child, lines, stop: () => (child.kill('SIGTERM'), exited) });
    });
    void exited.then((code) => reject(new Error(`the gateway exited with code ${code}: ${stderr.trim()}`)));
  });
}
