// `watch` and `dev` as processes never miss a save, however it is written: in place, truncated and written, written to
// a temporary file and renamed over (as sed -i, rsync and atomic editors do), deleted and created, a whole folder
// renamed or replaced. Each save must reach a published snapshot; no wait is timed, each is bounded.
import { appendFile, copyFile, cp, open, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { send } from '../gateway/http-client.ts';
import { copyFixture, removeDir } from '../helpers/fixture-site.ts';
import { startLineProcess, type LineProcess } from '../helpers/line-process.ts';
import { readSnapshot } from '../helpers/snapshot-bodies.ts';

const ADMIN = { Authorization: `Basic ${Buffer.from('admin:fixture-admin').toString('base64')}` };
const CONTACT = 'content/06-contact.md';
const POST = 'content/03-posts/20240101-new-year.md';

/** One way of saving: it changes the site so that `marker` must appear in a published body. */
interface Save {
  name: string;
  save(site: string, marker: string): Promise<void>;
}

async function renameOver(site: string, path: string, marker: string): Promise<void> {
  // cp g tmp && echo x >> tmp && mv tmp g
  const temporary = join(site, 'content', '.tmp-save');
  await copyFile(join(site, path), temporary);
  await appendFile(temporary, `\n${marker}\n`);
  await rename(temporary, join(site, path));
}

const SAVES: Save[] = [
  { name: 'written to a temporary file and renamed over', save: (site, marker) => renameOver(site, CONTACT, marker) },
  {
    name: 'appended in place after a rename-over',
    save: (site, marker) => appendFile(join(site, CONTACT), `\n${marker}\n`),
  },
  { name: 'renamed over again', save: (site, marker) => renameOver(site, CONTACT, marker) },
  {
    name: 'truncated, then written',
    save: async (site, marker) => {
      const file = await open(join(site, CONTACT), 'r+');
      await file.truncate(0);
      await file.write(`# Contact\n\n${marker}\n`, 0);
      await file.close();
    },
  },
  {
    name: 'deleted, then created',
    save: async (site, marker) => {
      await rm(join(site, CONTACT));
      await writeFile(join(site, CONTACT), `# Contact\n\n${marker}\n`);
    },
  },
  {
    name: 'appended in place after a delete and create',
    save: (site, marker) => appendFile(join(site, CONTACT), `\n${marker}\n`),
  },
  {
    name: 'its folder renamed away and back, then edited in place',
    save: async (site, marker) => {
      await rename(join(site, 'content', '03-posts'), join(site, 'content', '09-moved'));
      await rename(join(site, 'content', '09-moved'), join(site, 'content', '03-posts'));
      await appendFile(join(site, POST), `\n${marker}\n`);
    },
  },
  {
    name: 'its folder replaced by an edited copy',
    save: async (site, marker) => {
      const copy = join(site, 'content', '.copy');
      await cp(join(site, 'content', '03-posts'), copy, { recursive: true });
      await appendFile(join(copy, '20240101-new-year.md'), `\n${marker}\n`);
      await rm(join(site, 'content', '03-posts'), { recursive: true });
      await rename(copy, join(site, 'content', '03-posts'));
    },
  },
  {
    name: 'edited in place inside the replaced folder',
    save: (site, marker) => appendFile(join(site, POST), `\n${marker}\n`),
  },
  {
    name: 'the whole content folder replaced, then edited in place',
    save: async (site, marker) => {
      const copy = join(site, '.content-copy');
      await cp(join(site, 'content'), copy, { recursive: true });
      await rm(join(site, 'content'), { recursive: true });
      await rename(copy, join(site, 'content'));
      await appendFile(join(site, CONTACT), `\n${marker}\n`);
    },
  },
  {
    name: 'appended in place inside the replaced content folder',
    save: (site, marker) => appendFile(join(site, CONTACT), `\n${marker}\n`),
  },
];

async function published(out: string, marker: string): Promise<boolean> {
  const { bodies } = await readSnapshot(out);
  return [...bodies.values()].some((body) => body.includes(marker));
}

/** Waits for build lines until a published snapshot holds `marker`; fails when a wait runs out. */
async function waitForPublished(run: LineProcess, isBuildLine: (line: string) => boolean, out: string, marker: string) {
  for (;;) {
    await run.next(isBuildLine, `a build publishing "${marker}"`);
    if (await published(out, marker)) return;
  }
}

interface Command {
  name: string;
  start(site: string, out: string): LineProcess;
  /** The first build's line. */
  ready(run: LineProcess): Promise<void>;
  isBuildLine(line: string): boolean;
}

const COMMANDS: Command[] = [
  {
    name: 'watch',
    start: (site, out) =>
      startLineProcess('generator/cli/watch.ts', ['--site', site, '--out', out, '--base-url', 'http://localhost']),
    ready: async (run) => void (await run.next((line) => line.includes('"event":"published"'), 'the first build')),
    isBuildLine: (line) => /"event":"(published|build-failed|build-error)"/.test(line),
  },
  {
    name: 'dev',
    start: (site, out) => startLineProcess('commands/dev.ts', ['--site', site, '--out', out, '--port', '0']),
    ready: async (run) => void (await run.next((line) => line.startsWith('snapi dev: serving'), 'the serving line')),
    isBuildLine: (line) => /^snapi dev: (\S+ in |build failed|rebuild failed)/.test(line),
  },
];

for (const command of COMMANDS) {
  const Saves = suite(`snapi ${command.name} publishes every save, however it is written`);
  Saves('each save style in turn reaches a published snapshot', async () => {
    const site = await copyFixture('site');
    const out = join(site, '..', 'dist');
    const run = command.start(site, out);
    try {
      await command.ready(run);
      for (const [index, { name, save }] of SAVES.entries()) {
        const marker = `Saved-${index}-${name.replace(/\W+/g, '-')}`;
        await save(site, marker);
        await waitForPublished(run, command.isBuildLine, out, marker).catch((error: Error) => {
          throw new Error(`${command.name}: a save ${name}: ${error.message}`);
        });
      }
      if (command.name === 'dev') {
        const url = /serving \S+ at (\S+)\/api\/v1\//.exec(run.lines.find((line) => line.includes('serving')) ?? '');
        const served = await send(url?.[1] ?? '', '/api/v1/article/content?url=/contact', { headers: ADMIN });
        assert.match(served.text, `Saved-${SAVES.length - 1}-`);
      }
    } finally {
      assert.is(await run.stop(), 0);
      await removeDir(join(site, '..'));
    }
  });
  Saves.run();
}
