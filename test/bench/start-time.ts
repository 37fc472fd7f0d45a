// `npx tsx test/bench/start-time.ts DIST [--runs N] [--bundle FILE] [--port N]`: the built gateway started on DIST
// until `/healthz` answers 200, per run: wall time, the process's CPU time (user + system, /proc) and RSS at that
// moment. `--bundle` compares another build (a checkout of an earlier commit) in the same minutes.
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { cpuMsOf, memoryOf } from './servers.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '3' },
    bundle: { type: 'string', default: 'gateway/build/serve.mjs' },
    port: { type: 'string', default: '18930' },
  },
});
const dist = positionals[0];
if (dist === undefined) throw new Error('usage: start-time.ts DIST [--runs N] [--bundle FILE] [--port N]');

async function startOnce(): Promise<{ healthzMs: number; cpuMs: number; rssMb: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [values.bundle, '--dist', dist!, '--port', values.port], { stdio: 'ignore' });
  const deadline = started + 120_000;
  try {
    for (;;) {
      if (performance.now() > deadline) throw new Error('no /healthz 200 within 120 s');
      const status = await fetch(`http://127.0.0.1:${values.port}/healthz`).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const healthzMs = Math.round(performance.now() - started);
    return { healthzMs, cpuMs: cpuMsOf(child.pid), rssMb: Math.round(memoryOf(child.pid).rssMb) };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

for (let run = 0; run < Number(values.runs); run++) console.log(JSON.stringify(await startOnce()));
