// docs/deployment.md "Logs" against the built gateway (`gateway/build/serve.mjs`): the start-up line, the request
// fields and every jq recipe's filter.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { send } from '../gateway/http-client.ts';
import { USERS, basic, standardSpec } from '../gateway/fixture.ts';
import { makeTempDist, writeAndPublish } from '../gateway/make-snapshot.ts';
import { DEFAULT_BOUND, timeScale, watchChild } from '../helpers/child-bound.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
/** jq runs synchronously, so it gets the plain wall-clock bound (it filters a few lines). */
const JQ_TIMEOUT_MS = DEFAULT_BOUND.idleSeconds * timeScale() * 1000;
const GUIDE = readFileSync(resolve(ROOT, 'docs', 'deployment.md'), 'utf8');
const LOGS = GUIDE.slice(GUIDE.indexOf('## Logs'), GUIDE.indexOf('\n## ', GUIDE.indexOf('## Logs') + 1));
const SNAPSHOT = 'log-recipes-1';

type LogRecord = { [field: string]: unknown };
/** What each documented filter must give, computed in JS: CI machines without jq still check the recipes. */
const EQUIVALENTS: { [filter: string]: (records: LogRecord[]) => unknown[] } = {
  'fromjson? | select(.status >= 400)': (records) =>
    records.filter((record) => typeof record.status === 'number' && record.status >= 400),
  'fromjson? | select(.status == 401) | .path': (records) =>
    records.filter((record) => record.status === 401).map((record) => record.path),
  'fromjson? | select(.event != null)': (records) =>
    records.filter((record) => record.event !== undefined && record.event !== null),
};

interface Recipe {
  flags: string;
  filter: string;
}
const RECIPES: Recipe[] = [...LOGS.matchAll(/\| jq (-[a-zA-Z]+) '([^']+)'/g)].map(([, flags = '', filter = '']) => ({
  flags,
  filter,
}));

function hasJq(): boolean {
  try {
    execFileSync('jq', ['--version'], { stdio: 'ignore', timeout: JQ_TIMEOUT_MS });
    return true;
  } catch {
    return false;
  }
}

/** Starts the gateway as systemd would, makes a few requests and a reload, stops it; returns everything it printed. */
async function gatewayOutput(): Promise<string> {
  const dist = await makeTempDist('log-recipes');
  await writeAndPublish(dist, standardSpec(SNAPSHOT));
  const child = spawn(
    process.execPath,
    ['gateway/build/serve.mjs', '--dist', dist, '--port', '0', '--host', '127.0.0.1'],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  // Killed past its bound, which ends every wait below: the test then fails saying why.
  const watch = watchChild(child);
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
    watch.progressed();
  });
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  const stopped = (waitingFor: string) =>
    new Error(`the gateway ${watch.expired} before it printed ${waitingFor}; it printed ${JSON.stringify(output)}`);
  const waitFor = async (pattern: RegExp): Promise<RegExpExecArray> => {
    for (;;) {
      const match = pattern.exec(output);
      if (match) return match;
      if (watch.expired !== undefined) throw stopped(String(pattern));
      await new Promise((resolveWait) => setTimeout(resolveWait, 50));
    }
  };
  try {
    const url = (await waitFor(/listening on (http:\S+)/))[1] ?? '';
    const admin = { Authorization: basic(USERS.administrator) };
    await send(url, '/api/v1/navigation', { headers: admin });
    await send(url, '/api/v1/settings?probe=1', {
      headers: { Authorization: basic({ username: USERS.administrator.username, password: 'wrong' }) },
    });
    await send(url, '/api/v1/nope', { headers: admin });
    await send(url, '/api/v1/mainnavi', { headers: { Authorization: basic({ username: 'nobody', password: 'x' }) } });
    child.kill('SIGHUP');
    await waitFor(/"event":"snapshot-loaded"/);
    child.kill('SIGTERM');
    await exited;
    if (watch.expired !== undefined) throw stopped('its exit');
    return output;
  } finally {
    watch.stop();
    child.kill('SIGKILL');
    await rm(dist, { recursive: true, force: true });
  }
}

const recipes = suite('log recipes of docs/deployment.md on real gateway output');
let output = '';
recipes.before(async () => {
  output = await gatewayOutput();
});

recipes('the start-up line is plain text in the documented form', () => {
  const documented = /^snapi gateway listening on .*$/m.exec(LOGS)?.[0] ?? '';
  const form = new RegExp(
    `^${documented
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace('8080', '\\d+')
      .replace('20250102T030405Z-1a2b3c', '(\\S+)')
      .replace('52010', '\\d+')}$`,
  );
  const first = output.split('\n')[0] ?? '';
  assert.equal([documented !== '', form.exec(first)?.[1]], [true, SNAPSHOT], first);
});

recipes('request lines carry exactly the documented fields, and events are among the documented ones', () => {
  const sentence =
    /one JSON line per request, with the fields ([\s\S]*?), and one JSON line per event, with `time`, `event` \(([^)]*)\)/.exec(
      LOGS,
    );
  const fields = [...(sentence?.[1] ?? '').matchAll(/`(\w+)`/g)].map((match) => match[1]);
  const events = [...(sentence?.[2] ?? '').matchAll(/`([\w-]+)`/g)].map((match) => match[1]);
  const records = output
    .split('\n')
    .slice(1)
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as LogRecord);
  const requests = records.filter((record) => record.event === undefined);
  assert.equal(
    requests.map((record) => Object.keys(record)),
    requests.map(() => fields),
  );
  assert.equal(
    requests.map((record) => [record.path, record.status]),
    [
      ['/api/v1/navigation', 200],
      ['/api/v1/settings?probe=1', 401],
      ['/api/v1/nope', 404],
      ['/api/v1/mainnavi', 401],
    ],
  );
  assert.equal(
    records
      .filter((record) => record.event !== undefined)
      .map((record) => [events.includes(String(record.event)), record.event]),
    [[true, 'snapshot-loaded']],
  );
});

recipes('every jq recipe has a JS equivalent and, where jq is installed, jq gives the same answer', () => {
  assert.equal(
    RECIPES.map((recipe) => [recipe.filter, recipe.filter in EQUIVALENTS]),
    Object.keys(EQUIVALENTS).map((filter) => [filter, true]),
  );
  const records = output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogRecord);
  const answers = RECIPES.map((recipe) => EQUIVALENTS[recipe.filter]!(records));
  assert.equal(answers[1], ['/api/v1/settings?probe=1', '/api/v1/mainnavi']);
  assert.equal(
    answers[0]?.map((record) => (record as LogRecord).status),
    [401, 404, 401],
  );
  if (!hasJq()) return;
  for (const [index, recipe] of RECIPES.entries()) {
    const printed = execFileSync('jq', [recipe.flags, recipe.filter], {
      input: output,
      encoding: 'utf8',
      timeout: JQ_TIMEOUT_MS,
    })
      .split('\n')
      .filter((line) => line !== '');
    const parsed = recipe.flags.includes('r') ? printed : printed.map((line) => JSON.parse(line) as unknown);
    assert.equal([recipe.filter, parsed], [recipe.filter, answers[index]]);
  }
});

recipes.run();
