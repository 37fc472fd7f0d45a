// `--out` is checked by every command that takes it (build, watch, dev) before anything is built: a folder inside the
// site's content/, settings/ or media/ (the snapshot would be read as part of the site), a non-empty folder that is
// no snapi snapshot folder and a file are one usage line each, exit 2, and nothing is written.
import { existsSync } from 'node:fs';
import { mkdir, readdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../generator/resident/choose-build.ts';
import { copyFixture, removeDir } from '../helpers/fixture-site.ts';
import { runProcess } from '../helpers/run-process.ts';

const COMMANDS = [
  { name: 'build', entry: 'generator/cli/build.ts', extra: [] as string[] },
  { name: 'watch', entry: 'generator/cli/watch.ts', extra: [] as string[] },
  { name: 'dev', entry: 'commands/dev.ts', extra: ['--port', '0'] },
];

const INSIDE = (out: string, folder: string) =>
  `--out "${out}" is inside the site's ${folder}/ folder, whose files the build reads: the snapshot would become part of the site (give --out a folder outside content/, settings/ and media/)`;

interface Refusal {
  name: string;
  /** Prepares the folder (site is the site folder) and returns the --out to pass and the expected message. */
  prepare(site: string): Promise<{ out: string; message: string }>;
}

const REFUSALS: Refusal[] = [
  {
    name: 'a folder inside content/',
    prepare: async (site) => ({
      out: join(site, 'content', 'dist'),
      message: INSIDE(join(site, 'content', 'dist'), 'content'),
    }),
  },
  {
    name: 'content/ itself',
    prepare: async (site) => ({ out: join(site, 'content'), message: INSIDE(join(site, 'content'), 'content') }),
  },
  {
    name: 'a folder inside settings/',
    prepare: async (site) => ({
      out: join(site, 'settings', 'snapshots'),
      message: INSIDE(join(site, 'settings', 'snapshots'), 'settings'),
    }),
  },
  {
    name: 'a folder inside media/, reached through a link',
    prepare: async (site) => {
      await mkdir(join(site, 'media'), { recursive: true });
      await symlink(join(site, 'media'), join(site, '..', 'media-link'));
      const out = join(site, '..', 'media-link', 'dist');
      return { out, message: INSIDE(out, 'media') };
    },
  },
  {
    name: 'a non-empty folder that is no snapshot folder',
    prepare: async (site) => {
      const out = join(site, '..', 'documents');
      await mkdir(out);
      await writeFile(join(out, 'thesis.txt'), 'keep me\n');
      return {
        out,
        message: `--out "${out}" holds other files and is not a snapi snapshot folder: it has no current or snapshots (give --out an empty or new folder, or the --out of an earlier build)`,
      };
    },
  },
  {
    name: 'a file',
    prepare: async (site) => {
      const out = join(site, '..', 'a-file');
      await writeFile(out, 'not a folder\n');
      return { out, message: `--out "${out}" is a file, not a folder (give --out the folder for the snapshot)` };
    },
  },
];

async function listTree(folder: string): Promise<string[]> {
  return (await readdir(folder, { recursive: true })).map(String).sort();
}

for (const command of COMMANDS) {
  const Out = suite(`snapi ${command.name} --out`);
  for (const refusal of REFUSALS) {
    Out(`refuses ${refusal.name} with one usage line, writing nothing`, async () => {
      const site = await copyFixture('site');
      try {
        const { out, message } = await refusal.prepare(site);
        const before = await listTree(join(site, '..'));
        const run = await runProcess(command.entry, ['--site', site, '--out', out, ...command.extra]);
        assert.equal([run.code, run.stderr, run.stdout], [2, `snapi ${command.name}: ${message}\n`, '']);
        assert.equal(await listTree(join(site, '..')), before);
      } finally {
        await removeDir(join(site, '..'));
      }
    });
  }
  Out.run();
}

const Accepted = suite('snapi build --out that may be used');

Accepted('a new folder, an empty one and the --out of an earlier build are built into', async () => {
  const site = await copyFixture('site');
  try {
    const earlier = join(site, '..', 'earlier');
    assert.ok((await buildSite({ site, out: earlier, baseUrl: 'http://localhost' })).ok);
    const empty = join(site, '..', 'empty');
    await mkdir(empty);
    for (const out of [join(site, '..', 'new'), empty, earlier]) {
      const run = await runProcess('generator/cli/build.ts', ['--site', site, '--out', out]);
      assert.is(run.code, 0, run.stderr);
      assert.ok(existsSync(join(out, 'current')));
    }
  } finally {
    await removeDir(join(site, '..'));
  }
});

Accepted.run();
