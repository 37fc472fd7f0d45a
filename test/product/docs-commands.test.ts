// Every command example of README.md and docs/*.md runs as written (docs/testing.md: Command examples run as
// written): in a scratch copy of the checkout with the sample site built and served, each `snapi`, `npx snapi`,
// `npm run` and `curl` line of a shell block exits 0 (or as its `expect exit`/`expect HTTP` marker says) and every
// curl answer is 2xx or 3xx; `# not runnable: <why>` lines are left out. Servers are started and stopped around them.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { extractCommands } from '../helpers/doc-commands.ts';
import { DocSession } from '../helpers/doc-runner.ts';
import { freePort, scratchCheckout } from '../helpers/scratch-checkout.ts';
import { removeDir } from '../helpers/fixture-site.ts';
import { ROOT } from '../helpers/run-process.ts';
import { buildSampleDist } from '../search/sample-dist.ts';

const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];

/** The processes of a process group that have not ended (zombies left to a PID 1 that never reaps them count as ended). */
function livingInGroup(group: number): string[] {
  const listing = spawnSync('ps', ['-o', 'pid=,stat=,args=', '-g', String(group)], { encoding: 'utf8' }).stdout;
  return listing
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/^\d+\s+Z/.test(line));
}

const Extract = suite('extractCommands: which lines of a page are command examples');

Extract('takes command lines of shell blocks, with the assignments before them and their markers', () => {
  const page = [
    'Text with `npm run build` inline is not a command.',
    '```sh',
    'API=http://127.0.0.1:8080/api/v1',
    'curl -u a:b "$API/navigation"   # live tree (member+)',
    "printf '%s\\n' 'pw-pw-pw-pw' | npx snapi user add writer --role editor \\",
    '  --site my-site',
    'sudo systemctl restart snapi',
    'npm run publish -- --to s3://BUCKET/PREFIX   # not runnable: needs a bucket',
    'curl -d "#1" http://127.0.0.1:8080/mcp   # without Accept: expect HTTP 406',
    'npx snapi check --site nowhere   # expect exit 2',
    'npx snapi serve --dist d --port 8080',
    'AWS_REGION=x npm run watch -- --site s',
    'npm start',
    '```',
    '```json',
    '{ "args": ["npm run build"] }',
    '```',
    '```text',
    'snapi gateway listening on http://127.0.0.1:8080',
    '```',
  ].join('\n');
  const commands = extractCommands(page, 'page.md');
  assert.equal(
    commands.map(({ line, command, notRunnable, expectStatus, expectExit, longRunning, listens }) => [
      line,
      command,
      notRunnable ?? null,
      expectStatus ?? null,
      expectExit ?? null,
      longRunning,
      listens,
    ]),
    [
      [4, 'curl -u a:b "$API/navigation"', null, null, null, false, false],
      [
        5,
        "printf '%s\\n' 'pw-pw-pw-pw' | npx snapi user add writer --role editor --site my-site",
        null,
        null,
        null,
        false,
        false,
      ],
      [8, 'npm run publish -- --to s3://BUCKET/PREFIX', 'needs a bucket', null, null, false, false],
      [9, 'curl -d "#1" http://127.0.0.1:8080/mcp', null, [406], null, false, false],
      [10, 'npx snapi check --site nowhere', null, null, 2, false, false],
      [11, 'npx snapi serve --dist d --port 8080', null, null, null, true, true],
      [12, 'AWS_REGION=x npm run watch -- --site s', null, null, null, true, false],
    ],
  );
  assert.equal(commands[0]!.assignments, ['API=http://127.0.0.1:8080/api/v1']);
});

Extract('every page marks what it does not run with a reason, and runs most of its examples', () => {
  const all = PAGES.flatMap((page) => extractCommands(readFileSync(join(ROOT, page), 'utf8'), page));
  const skipped = all.filter((command) => command.notRunnable !== undefined);
  for (const command of skipped) assert.ok(command.notRunnable!.length >= 8, `${command.file}:${command.line}`);
  assert.ok(all.length - skipped.length >= 30, `${all.length - skipped.length} runnable examples`);
});

const Run = suite<{ dist: string }>('the command examples of the README and docs, run as written');

Run.before(async (context) => {
  context.dist = await buildSampleDist('docs-commands-dist');
});
Run.after(async (context) => {
  await removeDir(context.dist);
});

Run(
  'the runner reports a refused answer and a wrong exit, and stops a watcher with its process group',
  async (context) => {
    const page = [
      '```sh',
      'npx snapi watch --site . --out watched',
      'curl http://127.0.0.1:8080/api/v1/navigation',
      'curl -u admin:demo-admin-pass http://127.0.0.1:8080/api/v1/navigation',
      'npx snapi check --site nowhere',
      'npx snapi check --site nowhere   # expect exit 2',
      '```',
    ].join('\n');
    const folder = await scratchCheckout('docs-runner', context.dist);
    const session = new DocSession(folder, await freePort());
    let problems: Array<string | undefined> = [];
    let watcher: number[] = [];
    try {
      await session.startBackground();
      for (const command of extractCommands(page, 'page.md')) problems.push(await session.run(command));
      watcher = session.runningPids;
    } finally {
      await session.close();
      await removeDir(join(folder, '..'));
    }
    const nowhere = 'snapi check: site folder "nowhere" does not exist';
    problems = problems.map((problem) => problem?.replace(/: \{"message".*/, '').replace(/ \(give --site.*/, ''));
    assert.equal(problems, [undefined, 'answered 401', undefined, `exited 2, not 0: ${nowhere}`, undefined]);
    assert.is(watcher.length, 1);
    assert.equal(livingInGroup(watcher[0]!), [], 'the watcher and its children have ended');
  },
);

for (const page of PAGES) {
  const commands = extractCommands(readFileSync(join(ROOT, page), 'utf8'), page);
  if (commands.every((command) => command.notRunnable !== undefined)) continue;
  Run(`${page}: every command example runs as written`, async (context) => {
    const folder = await scratchCheckout(`docs-${page.replace(/\W+/g, '-')}`, context.dist);
    const session = new DocSession(folder, await freePort());
    const failures: string[] = [];
    try {
      await session.startBackground();
      for (const command of commands) {
        if (command.notRunnable !== undefined) continue;
        const problem = await session.run(command);
        if (problem !== undefined) failures.push(`${page}:${command.line}: ${command.command}\n  → ${problem}`);
      }
    } finally {
      await session.close();
      await removeDir(join(folder, '..'));
    }
    assert.equal(failures, [], failures.join('\n'));
  });
}

Extract.run();
Run.run();
