// `snapi init [DIR]`: a new Typemill site folder with a home page, one page and the settings (generator/init/),
// written only into a folder that is new or empty, so it never mixes into an existing site.
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parseCommandArguments, runCommand, UsageError } from '../../terminal/command-line.ts';
import { STARTER_SITE } from '../init/starter-site.ts';

const INIT = {
  name: 'init',
  usage: `usage: snapi init [DIR]

Writes a minimal Typemill site folder into DIR (default .), which must be new or empty: content/index.md (the home
page), content/01-first-page.md, their .yaml metadata, and settings/settings.yaml. docs/first-site.md goes on from
there: a user, a build, a served site.

example: snapi init my-site && snapi check --site my-site`,
  options: {},
  positionals: 1,
} as const;

/** The folder's entries, or undefined when it does not exist yet; a file in its place is a usage error. */
async function entriesOf(folder: string): Promise<string[] | undefined> {
  try {
    if (!(await stat(folder)).isDirectory()) throw new UsageError(`"${folder}" is a file (give a new or empty folder)`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return readdir(folder);
}

runCommand(INIT, async () => {
  const { positionals } = parseCommandArguments(INIT, process.argv.slice(2));
  const folder = positionals[0] ?? '.';
  const entries = await entriesOf(folder);
  if (entries !== undefined && entries.length > 0)
    throw new UsageError(`"${folder}" is not empty (give a new or empty folder; snapi init never writes into a site)`);
  for (const file of STARTER_SITE) {
    const path = join(folder, file.path);
    await mkdir(dirname(path), { recursive: true });
    // wx: a file that appeared meanwhile is never overwritten.
    await writeFile(path, file.text, { flag: 'wx' });
  }
  console.log(`snapi init: wrote a site with ${STARTER_SITE.length} files into ${folder}`);
  console.log(
    `next: snapi user add NAME --role editor --site ${folder}, then snapi build --site ${folder} --out ${join(folder, 'dist')}`,
  );
});
