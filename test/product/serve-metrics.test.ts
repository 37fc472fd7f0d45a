// The built gateway (`gateway/build/serve.mjs`) with --metrics and --revoked-tokens, as an operator starts it: the
// metrics on their own port, not on the public one; a token revoked on the serving machine refused after SIGHUP; a
// missing revocation file or a bad metrics port refused at start with one line.
import { spawn } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { tokenSha256 } from '../../contract/api-token.ts';
import { send } from '../gateway/http-client.ts';
import { standardSpec } from '../gateway/fixture.ts';
import { makeTempDist, writeAndPublish } from '../gateway/make-snapshot.ts';
import { runProcess } from '../helpers/run-process.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const SERVE = join(ROOT, 'gateway', 'build', 'serve.mjs');
const TOKEN = `snapi_${'OperatorToken'.padEnd(43, 'q')}`;
const BEARER = { Authorization: `Bearer ${TOKEN}` };

const Serve = suite('serve --metrics and --revoked-tokens');

Serve('serves /metrics on the metrics port only, and refuses a token revoked on the machine after SIGHUP', async () => {
  const dist = await makeTempDist('serve-metrics');
  const revoked = join(dist, 'revoked.txt');
  await writeFile(revoked, '# nothing revoked\n');
  await writeAndPublish(dist, {
    ...standardSpec('serve-metrics-1'),
    tokens: [{ name: 'ops', role: 'administrator', sha256: tokenSha256(TOKEN), expires: '2999-01-01T00:00:00Z' }],
  });
  const args = ['--dist', dist, '--port', '0', '--metrics', '--metrics-port', '0', '--revoked-tokens', revoked];
  const child = spawn(process.execPath, [SERVE, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  const waitFor = async (pattern: RegExp): Promise<RegExpExecArray> => {
    for (let attempt = 0; attempt < 300; attempt++) {
      const match = pattern.exec(output);
      if (match) return match;
      await new Promise((resolveWait) => setTimeout(resolveWait, 50));
    }
    throw new Error(`the gateway did not print ${pattern}; it printed ${JSON.stringify(output)}`);
  };
  try {
    const url = (await waitFor(/listening on (http:\S+)/))[1] ?? '';
    const metricsUrl = (await waitFor(/metrics on (http:\S+)/))[1] ?? '';
    assert.match(metricsUrl, /^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    assert.is((await send(url, '/api/v1/navigation', { headers: BEARER })).status, 200);
    assert.is((await send(url, '/metrics')).status, 404);
    const scrape = await (await fetch(metricsUrl)).text();
    assert.match(scrape, /\nsnapi_http_requests_total\{endpoint="navigation",status="200"\} 1\n/);
    assert.match(scrape, /\nsnapi_snapshot_info\{id="serve-metrics-1"\} 1\n/);
    await writeFile(revoked, 'ops\n');
    child.kill('SIGHUP');
    await waitFor(/"event":"revoked-tokens-loaded"/);
    const refused = await send(url, '/api/v1/navigation', { headers: BEARER });
    assert.equal([refused.status, refused.headers['www-authenticate']], [401, 'Bearer error="invalid_token"']);
    child.kill('SIGTERM');
    await exited;
    assert.not.ok(output.includes(TOKEN.slice(6)), 'the token reached the output');
  } finally {
    child.kill('SIGKILL');
    await rm(dist, { recursive: true, force: true });
  }
});

Serve('a missing revocation file and a bad metrics port are one-line errors at start', async () => {
  const dist = await makeTempDist('serve-metrics-bad');
  await writeAndPublish(dist, standardSpec('serve-metrics-bad-1'));
  try {
    const missing = await runProcess(SERVE, [
      '--dist',
      dist,
      '--port',
      '0',
      '--revoked-tokens',
      join(dist, 'nope.txt'),
    ]);
    assert.is(missing.code, 1);
    assert.match(missing.stderr, /^snapi serve: .*--revoked-tokens .*nope\.txt: ENOENT/);
    assert.is(missing.stderr.trim().split('\n').length, 1, missing.stderr);
    const badPort = await runProcess(SERVE, ['--dist', dist, '--port', '0', '--metrics', '--metrics-port', 'x']);
    assert.is(badPort.code, 2);
    assert.match(badPort.stderr, /^snapi serve: --metrics-port "x" is not a port number/);
  } finally {
    await rm(dist, { recursive: true, force: true });
  }
});

Serve.run();
