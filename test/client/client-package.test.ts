// The client as a user installs it: `npm pack` of client/, the tarball installed offline into an empty project,
// TypeScript users of it (ES module and CommonJS) type-checked and compiled by tsc with only `module` set, and the
// compiled JavaScript run against a real gateway. Also: the committed client/lib/ is what the build makes today.
import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildClientFiles, LIB_DIR } from '../../client/build-client.ts';
import { buildSite } from '../../generator/resident/choose-build.ts';
import { startGateway, type Gateway } from '../../gateway/http/server.ts';
import { copyFixture, removeDir, temporaryDir } from '../helpers/fixture-site.ts';
import { ROOT } from '../helpers/run-process.ts';

const run = promisify(execFile);
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const QUIET = { npm_config_loglevel: 'error', npm_config_update_notifier: 'false' };
/** A user's tsconfig.json: the module system (which implies its moduleResolution), nothing else. */
function userTsconfig(module: 'node16' | 'nodenext', exclude: string[] = []): string {
  return `${JSON.stringify({ compilerOptions: { module }, ...(exclude.length > 0 ? { exclude } : {}) }, null, 2)}\n`;
}

interface Context {
  scratch: string;
  gateway: Gateway;
  tarball: string;
}

/** A command bounded in time; its failure shows the command's own output. */
async function runBounded(command: string, args: string[], cwd: string): Promise<{ stdout: string; stderr: string }> {
  try {
    return await run(command, args, { cwd, timeout: 120_000, env: { ...process.env, ...QUIET } });
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string; killed?: boolean };
    throw new Error(
      `${command} ${args.join(' ')} in ${cwd} ${failed.killed ? 'timed out' : `exited ${failed.code}`}:\n` +
        `${failed.stdout ?? ''}${failed.stderr ?? ''}`,
    );
  }
}

/** tsc's exit code and output (it exits 2 when it found errors and still wrote files). */
async function typeCheck(project: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await run(process.execPath, [TSC, '-p', '.'], { cwd: project, timeout: 120_000 });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

/** A user's program: the navigation, a search, and the SnapiError of a missing page, as one JSON line. */
function userProgram(baseUrl: string, format: 'esm' | 'cjs'): string {
  const body = `const docs: SnapiClient = createClient({ baseUrl: '${baseUrl}', username: 'author2', password: 'fixture-author2' });
  const { navigation } = await docs.navigation();
  const hits = await docs.search({ q: 'faq', limit: 2 });
  let missing: [number, string] | undefined;
  try {
    await docs.item({ url: '/nope' });
  } catch (error) {
    if (error instanceof SnapiError) missing = [error.status, error.message];
  }
  const titles: string[] = hits.results.map((hit) => hit.title);
  console.log(JSON.stringify({ format: '${format}', navigation, titles, missing }));`;
  return format === 'esm'
    ? `import { createClient, SnapiError, type SnapiClient } from 'snapi-client';\n\n${body.replaceAll('\n  ', '\n')}\n`
    : `import { createClient, SnapiError, type SnapiClient } from 'snapi-client';\n\nasync function main(): Promise<void> {\n  ${body}\n}\nvoid main();\n`;
}

/** Plain JavaScript, as a user without TypeScript writes it. */
function plainProgram(baseUrl: string): string {
  return `import { createClient, SnapiError } from 'snapi-client';

const docs = createClient({ baseUrl: '${baseUrl}', username: 'author2', password: 'fixture-author2' });
await docs.item({ url: '/nope' }).catch((error) => {
  console.log(JSON.stringify([error instanceof SnapiError, error.status, error.message]));
});
`;
}

/** Uses the client wrongly: a required parameter left out, an answer given the wrong type. */
const MISUSE = `import { createClient } from 'snapi-client';

const docs = createClient({ baseUrl: 'http://127.0.0.1:9', username: 'author2', password: 'x' });
await docs.content({ draft: true });
const count: number = (await docs.navigation()).navigation;
console.log(count);
`;

async function authorBody(gateway: Gateway, path: string): Promise<unknown> {
  const response = await fetch(gateway.url + path, {
    headers: { Authorization: `Basic ${Buffer.from('author2:fixture-author2').toString('base64')}` },
  });
  assert.is(response.status, 200, path);
  return response.json();
}

const Package = suite<Context>('the client package, packed and installed');

Package.before(async (context) => {
  const site = await copyFixture('site');
  context.scratch = join(site, '..');
  const dist = join(context.scratch, 'dist');
  const outcome = await buildSite({ site, out: dist, baseUrl: 'http://localhost:8080' });
  assert.ok(outcome.ok);
  context.gateway = await startGateway({ dist, port: 0, host: '127.0.0.1', log: () => undefined });
  const { stdout } = await runBounded(
    'npm',
    ['pack', '--json', '--pack-destination', context.scratch],
    join(ROOT, 'client'),
  );
  const [packed] = JSON.parse(stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  assert.equal(packed!.files.map(({ path }) => path).sort(), [
    'README.md',
    'lib/api.d.cts',
    'lib/api.d.mts',
    'lib/client.cjs',
    'lib/client.d.cts',
    'lib/client.d.mts',
    'lib/client.mjs',
    'lib/follow-changes.d.cts',
    'lib/follow-changes.d.mts',
    'package.json',
  ]);
  context.tarball = join(context.scratch, packed!.filename);
});

Package.after(async (context) => {
  await context.gateway.close();
  await removeDir(context.scratch);
});

Package('installs offline with nothing besides itself, type-checks with only module set, and runs', async (context) => {
  const project = join(context.scratch, 'user-project');
  await mkdir(join(project, 'misuse'), { recursive: true });
  await writeFile(join(project, 'package.json'), '{ "name": "user-project", "version": "1.0.0", "private": true }\n');
  await runBounded('npm', ['install', '--offline', '--no-audit', '--no-fund', context.tarball], project);
  assert.equal((await readdir(join(project, 'node_modules'))).sort(), ['.package-lock.json', 'snapi-client']);

  await writeFile(join(project, 'esm-user.mts'), userProgram(context.gateway.url, 'esm'));
  await writeFile(join(project, 'cjs-user.cts'), userProgram(context.gateway.url, 'cjs'));
  await writeFile(join(project, 'misuse', 'tsconfig.json'), userTsconfig('nodenext'));
  await writeFile(join(project, 'misuse', 'misuse.mts'), MISUSE);
  // node16 cannot require an ES module, so CommonJS users need declarations of their own; the misuse folder is its
  // own project (nodenext), left out of this one.
  await writeFile(join(project, 'tsconfig.json'), userTsconfig('node16', ['misuse']));
  assert.equal(await typeCheck(project), { code: 0, output: '' });

  const expected = {
    navigation: ((await authorBody(context.gateway, '/api/v1/navigation')) as { navigation: unknown }).navigation,
    titles: (
      (await authorBody(context.gateway, '/api/v1/search?q=faq&limit=2')) as { results: { title: string }[] }
    ).results.map((hit) => hit.title),
    missing: [404, 'page not found'],
  };
  for (const [file, format] of [
    ['esm-user.mjs', 'esm'],
    ['cjs-user.cjs', 'cjs'],
  ] as const) {
    const { stdout } = await runBounded(process.execPath, [file], project);
    assert.equal(JSON.parse(stdout), { format, ...expected }, file);
  }
  assert.ok(expected.titles.length > 0, 'the search found the fixture faq pages');

  // The types are real: what the table requires is required, what an endpoint answers has its shape.
  const misuse = await typeCheck(join(project, 'misuse'));
  assert.is(misuse.code, 2, misuse.output);
  assert.equal(
    misuse.output.split('\n').flatMap((line) => /^misuse\.mts\((\d+),\d+\): error (TS\d+)/.exec(line)?.slice(1) ?? []),
    ['4', 'TS2345', '5', 'TS2322'],
    misuse.output,
  );
});

Package(
  'a folder install of client/ from a checkout works the same, with nothing built at install',
  async (context) => {
    const project = join(await temporaryDir('client-folder-install'), 'user-project');
    try {
      await mkdir(project);
      await writeFile(
        join(project, 'package.json'),
        '{ "name": "folder-user", "version": "1.0.0", "private": true }\n',
      );
      await runBounded('npm', ['install', '--offline', '--no-audit', '--no-fund', join(ROOT, 'client')], project);
      await writeFile(join(project, 'user.mjs'), plainProgram(context.gateway.url));
      const { stdout } = await runBounded(process.execPath, ['user.mjs'], project);
      assert.equal(JSON.parse(stdout), [true, 404, 'page not found']);
    } finally {
      await removeDir(join(project, '..'));
    }
  },
);

const Lib = suite('client/lib/');

Lib('holds exactly what client/build-client.ts builds from the sources today (npm run generate:client)', async () => {
  const built = await buildClientFiles();
  assert.equal((await readdir(LIB_DIR)).sort(), [...built.keys()].sort());
  for (const [name, text] of built) assert.fixture(await readFile(join(LIB_DIR, name), 'utf8'), text, name);
});

Package.run();
Lib.run();
