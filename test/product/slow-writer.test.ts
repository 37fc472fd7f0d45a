// The watcher's side of the torn-read guard, from `watch` and `dev` as processes: a page written in two parts with a
// pause between them is never published in its first half. The pause falls while the build that read the first half
// renders it (a render hook waits for the second write), so the build must find the change before it publishes.
import { existsSync } from 'node:fs';
import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFixture, removeDir } from '../helpers/fixture-site.ts';
import { startLineProcess, type LineProcess } from '../helpers/line-process.ts';
import { FIRST_HALF, SECOND_HALF } from '../helpers/paused-render/content-bodies-paused.ts';
import { ROOT } from '../helpers/run-process.ts';
import { readSnapshot } from '../helpers/snapshot-bodies.ts';

const PAUSED_RENDER = join(ROOT, 'test', 'helpers', 'paused-render', 'register.mjs');
const CONTACT_LIVE = 'content:live:/contact';
const WAIT_LIMIT_MS = 20_000;

interface Command {
  name: string;
  start(site: string, out: string, gate: string): LineProcess;
  isFirstBuild(line: string): boolean;
  isPublished(line: string): boolean;
  isInputsChanged(line: string): boolean;
}

const COMMANDS: Command[] = [
  {
    name: 'watch',
    start: (site, out, gate) =>
      startLineProcess('generator/cli/watch.ts', ['--site', site, '--out', out], {
        imports: [PAUSED_RENDER],
        environment: { SNAPI_TEST_RENDER_GATE: gate },
      }),
    isFirstBuild: (line) => line.includes('"event":"published"'),
    isPublished: (line) => /"event":"(published|build-failed|build-error)"/.test(line),
    isInputsChanged: (line) => line.includes('"event":"inputs-changed"'),
  },
  {
    name: 'dev',
    start: (site, out, gate) =>
      startLineProcess('commands/dev.ts', ['--site', site, '--out', out, '--port', '0'], {
        imports: [PAUSED_RENDER],
        environment: { SNAPI_TEST_RENDER_GATE: gate },
      }),
    isFirstBuild: (line) => line.startsWith('snapi dev: serving'),
    isPublished: (line) => /^snapi dev: (\S+ in |build failed|rebuild failed)/.test(line),
    isInputsChanged: (line) => line.includes('changed while the build read them'),
  },
];

async function waitForFile(path: string, what: string): Promise<void> {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  while (!existsSync(path)) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${WAIT_LIMIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

for (const command of COMMANDS) {
  const Slow = suite(`snapi ${command.name} and a slow writer`);
  Slow('a page written in two parts with a pause is published whole, never its first half', async () => {
    const site = await copyFixture('site');
    const out = join(site, '..', 'dist');
    const gate = join(site, '..', 'gate');
    await mkdir(gate);
    const run = command.start(site, out, gate);
    try {
      await run.next(command.isFirstBuild, 'the first build');
      const page = join(site, 'content', '06-contact.md');
      await writeFile(page, `# Contact\n\n${FIRST_HALF}\n`);
      await waitForFile(join(gate, 'rendering'), 'a build rendering the first half');
      await appendFile(page, `\n${SECOND_HALF}\n`);
      await writeFile(join(gate, 'go'), '');

      const published = await run.next(command.isPublished, 'the build after the second half');
      const body = (await readSnapshot(out)).bodies.get(CONTACT_LIVE) ?? '';
      assert.ok(
        body.includes(SECOND_HALF),
        `${command.name} published the first half alone: ${published}\n${run.lines.join('\n')}`,
      );
      assert.ok(
        run.lines.some(command.isInputsChanged),
        `no line says the page changed while it was read:\n${run.lines.join('\n')}`,
      );
    } finally {
      assert.is(await run.stop(), 0);
      await removeDir(join(site, '..'));
    }
  });
  Slow.run();
}
