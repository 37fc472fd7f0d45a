// `watch --metrics` as an operator runs it: the metrics listener's address as an event line, then the first build's
// publish counted, and a token file that changes is published by the next build.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { join, resolve } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { TOKENS_KEY, tokenSha256 } from '../../contract/api-token.ts';
import { addedEntry, newToken } from '../../generator/plan/token-changes.ts';
import { TOKEN_FILE, writeTokenFile } from '../../generator/plan/token-file.ts';
import { copyFixture, removeDir, temporaryDir } from '../helpers/fixture-site.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');

const Watch = suite('watch --metrics');

Watch('publishes, counts it on its metrics listener, and follows the token file', async () => {
  const site = await copyFixture('site');
  const out = await temporaryDir('watch-metrics-dist');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'generator/cli/watch.ts', '--site', site, '--out', out, '--metrics', '--metrics-port', '0'],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const events: Array<Record<string, unknown>> = [];
  createInterface({ input: child.stdout }).on('line', (line) =>
    events.push(JSON.parse(line) as Record<string, unknown>),
  );
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const waitFor = async (event: string, count = 1): Promise<Record<string, unknown>> => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const found = events.filter((line) => line.event === event);
      if (found.length >= count) return found[count - 1] as Record<string, unknown>;
      if (Date.now() > deadline) throw new Error(`no "${event}" event #${count}; saw ${JSON.stringify(events)}`);
      await new Promise((wake) => setTimeout(wake, 100));
    }
  };
  try {
    const url = String((await waitFor('metrics')).url);
    await waitFor('published');
    const text = await (await fetch(url)).text();
    assert.match(text, /\nsnapi_watch_publishes_total 1\n/);
    assert.match(text, /\nsnapi_watch_failed_builds_total 0\n/);
    const token = newToken(randomBytes);
    await writeFile(
      join(site, TOKEN_FILE),
      writeTokenFile([addedEntry('ci', 'author', token, new Date(), new Date(Date.now() + 3_600_000))]),
    );
    await waitFor('published', 2);
    const accounts = JSON.parse(await readFile(join(out, 'current', 'accounts.json'), 'utf8'));
    assert.equal(
      accounts[TOKENS_KEY].map((entry: { name: string; sha256: string }) => [entry.name, entry.sha256]),
      [['ci', tokenSha256(token)]],
    );
    assert.match(await (await fetch(url)).text(), /\nsnapi_watch_publishes_total 2\n/);
  } finally {
    child.kill('SIGTERM');
    await exited;
    await removeDir(join(site, '..'));
    await removeDir(out);
  }
});

Watch.run();
