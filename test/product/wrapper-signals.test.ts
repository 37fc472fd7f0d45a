// Stopping the wrapper stops the server: SIGTERM sent to `npm start` or `npx snapi serve` alone (as a service manager
// or `kill PID` sends it) and SIGINT sent to its process group (as Ctrl-C in a terminal does) reach the server, which
// closes its port and ends, with every process the wrapper started. (SIGINT to npm alone never reaches a command:
// npm passes it to its `sh -c`, which waits for the command before acting on it; docs/decisions.md.)
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../generator/resident/choose-build.ts';
import { copyFixture, removeDir, temporaryDir } from '../helpers/fixture-site.ts';
import { startLineProcess, type LineProcess } from '../helpers/line-process.ts';

const STOP_LIMIT_MS = 20_000;

function portOpen(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((done) => {
    const socket = createConnection(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/** Waits, bounded, until every process the wrapper started has ended; fails naming what still runs. */
async function allEnded(run: LineProcess, url: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<'limit'>((done) => (timer = setTimeout(() => done('limit'), STOP_LIMIT_MS)));
  const outcome = await Promise.race([run.outputClosed.then(() => 'ended' as const), limit]);
  clearTimeout(timer);
  assert.is(outcome, 'ended', `a process the wrapper started still runs ${STOP_LIMIT_MS} ms after the signal`);
  assert.is(await portOpen(url), false, `${url} still accepts connections`);
}

interface Wrapper {
  name: string;
  start(dist: string): LineProcess;
  /** The server's base URL from the line it prints when it serves. */
  url(run: LineProcess): Promise<string>;
}

const WRAPPERS: Wrapper[] = [
  {
    name: 'npm start',
    start: (dist) =>
      startLineProcess('npm', ['start', '--', '--port', '0', '--dist', dist], { program: true, group: true }),
    url: async (run) =>
      /serving the sample site at (\S+)\/api\/v1\//.exec(
        await run.next((line) => line.includes('serving the sample site at'), 'the serving line', 120_000),
      )?.[1] ?? '',
  },
  {
    name: 'npx snapi serve',
    start: (dist) =>
      startLineProcess('npx', ['snapi', 'serve', '--dist', dist, '--port', '0'], { program: true, group: true }),
    url: async (run) =>
      /^snapi gateway listening on (\S+)/.exec(
        await run.next((line) => line.startsWith('snapi gateway listening on'), 'the listening line', 60_000),
      )?.[1] ?? '',
  },
];

const Signals = suite('stopping the wrapper stops the server');
let site = '';
let dist = '';
Signals.before(async () => {
  site = await copyFixture('site');
  dist = await temporaryDir('wrapper-dist');
  assert.ok((await buildSite({ site, out: dist, baseUrl: 'http://localhost' })).ok);
});
Signals.after(async () => {
  await removeDir(join(site, '..'));
  await removeDir(dist);
});

const DELIVERIES = [
  { signal: 'SIGTERM', to: 'the wrapper alone', send: (pid: number) => process.kill(pid, 'SIGTERM') },
  { signal: 'SIGINT', to: "the wrapper's process group", send: (pid: number) => process.kill(-pid, 'SIGINT') },
] as const;

for (const wrapper of WRAPPERS)
  for (const delivery of DELIVERIES)
    Signals(`${delivery.signal} to ${delivery.to} of ${wrapper.name} ends the server and closes its port`, async () => {
      const run = wrapper.start(dist);
      try {
        const url = await wrapper.url(run);
        assert.ok(await portOpen(url), `${url} does not accept connections`);
        delivery.send(run.child.pid ?? 0);
        await allEnded(run, url);
      } finally {
        // Whatever still runs after a failure, so that it does not outlive the test.
        await run.stop('SIGKILL');
      }
    });

Signals.run();
