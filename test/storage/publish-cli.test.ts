// `npm run publish` as a process: one JSON object with --json, and one clear line with a non-zero exit for each kind of
// bad input.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { putObject } from '../../storage/store-objects.ts';
import { USAGE, runPublishCommand } from '../../generator/upload/publish-command.ts';
import { startS3Server } from './s3-server.ts';
import type { S3Server } from './s3-server.ts';
import { localDist, versionSpec } from './storage-fixture.ts';
import { runProcess } from '../helpers/run-process.ts';
import type { LocalDist } from './storage-fixture.ts';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

const runPublish = (args: string[], environment: Record<string, string> = {}) =>
  runProcess('generator/cli/publish.ts', args, { environment });

/** The command in this process: same code path as the CLI, without a process start per case. */
async function runInProcess(args: string[], environment: Record<string, string> = {}): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runPublishCommand(args, {
    out: (line) => (stdout += `${line}\n`),
    error: (line) => (stderr += `${line}\n`),
    environment: { ...process.env, ...environment },
  });
  return { code, stdout, stderr };
}

interface Context {
  server: S3Server;
  local: LocalDist;
  empty: LocalDist;
}

const Cli = suite<Context>('publish command line');

Cli.before(async (context) => {
  context.server = await startS3Server('cli');
  context.local = await localDist('cli');
  context.empty = await localDist('cli-empty');
  await context.local.write(versionSpec('cli-1', 'one'));
  const json = { contentType: 'application/json', cacheControl: 'no-cache' };
  await putObject(context.server.store, 'other/readme.txt', Buffer.from('not a snapshot'), {
    contentType: 'text/plain',
    cacheControl: 'no-cache',
  });
  await putObject(context.server.store, 'notjson/current.json', Buffer.from('hello'), json);
  await putObject(context.server.store, 'newer/current.json', Buffer.from('{"format":3,"snapshot":"x"}'), json);
});
Cli.after(async ({ server, local, empty }) => {
  await server.remove();
  await local.remove();
  await empty.remove();
});

Cli(
  'as a process: --json prints one object with the counts and exits 0; a failure is one line and exit 1',
  async ({ server, local }) => {
    const [run, failed] = await Promise.all([
      runPublish([
        '--dist',
        local.dist,
        '--to',
        's3://snapi-test/cli',
        '--endpoint',
        server.endpoint,
        '--json',
        '--keep',
        '2',
      ]),
      runPublish(['--dist', local.dist, '--to', 's3://no-such-bucket/cli', '--endpoint', server.endpoint]),
    ]);
    assert.equal(
      [failed.code, failed.stdout, failed.stderr],
      [1, '', 'snapi publish: failed: s3://no-such-bucket/cli: the bucket does not exist (create it first)\n'],
    );
    const lines = run.stdout.trim().split('\n');
    assert.is(lines.length, 1);
    const result = JSON.parse(lines[0] ?? '') as Record<string, unknown>;
    assert.equal(
      [
        run.code,
        run.stderr,
        result.snapshot,
        result.previous,
        result.skippedObjects,
        result.repairedObjects,
        (result.uploadedObjects as number) > 4,
        (result.uploadedBytes as number) > 0,
        result.garbage,
      ],
      [0, '', 'cli-1', null, 0, 0, true, true, { keptSnapshots: ['cli-1'], deletedSnapshots: [], deletedObjects: 0 }],
    );
  },
);

const BAD_INPUT: Array<[string, (context: Context) => [string[], Record<string, string>], string]> = [
  [
    'an unknown bucket',
    ({ local, server }) => [
      ['--dist', local.dist, '--to', 's3://no-such-bucket/site', '--endpoint', server.endpoint],
      {},
    ],
    'snapi publish: failed: s3://no-such-bucket/site: the bucket does not exist (create it first)',
  ],
  [
    'an endpoint from AWS_ENDPOINT_URL',
    ({ local }) => [['--dist', local.dist, '--to', 's3://snapi-test/site'], { AWS_ENDPOINT_URL: 'http://127.0.0.1:9' }],
    'snapi publish: failed: s3://snapi-test/site: the store is unreachable (connection refused)',
  ],
  [
    'wrong credentials',
    ({ local, server }) => [
      ['--dist', local.dist, '--to', 's3://snapi-test/site', '--endpoint', server.endpoint],
      { AWS_ACCESS_KEY_ID: 'WRONG' },
    ],
    'snapi publish: failed: s3://snapi-test/site: the store refused the access key (check AWS_ACCESS_KEY_ID)',
  ],
  [
    'a prefix holding something else',
    ({ local, server }) => [['--dist', local.dist, '--to', 's3://snapi-test/other', '--endpoint', server.endpoint], {}],
    'snapi publish: failed: s3://snapi-test/other holds "other/readme.txt", which is not part of a snapi publication: publish to an empty prefix',
  ],
  [
    'a pointer that is not JSON',
    ({ local, server }) => [
      ['--dist', local.dist, '--to', 's3://snapi-test/notjson', '--endpoint', server.endpoint],
      {},
    ],
    'snapi publish: failed: s3://snapi-test/notjson/current.json is not JSON: it is not a snapi snapshot pointer',
  ],
  [
    'a pointer of a newer format',
    ({ local, server }) => [['--dist', local.dist, '--to', 's3://snapi-test/newer', '--endpoint', server.endpoint], {}],
    'snapi publish: failed: s3://snapi-test/newer/current.json has format 3, newer than this snapi reads (2): upgrade snapi',
  ],
  [
    'a dist folder without a snapshot',
    ({ empty, server }) => [['--dist', empty.dist, '--to', 's3://snapi-test/site', '--endpoint', server.endpoint], {}],
    'snapi publish: failed: --dist "DIST" holds no published snapshot (no current link): run npm run build first',
  ],
  [
    'an endpoint nothing listens on',
    ({ local }) => [['--dist', local.dist, '--to', 's3://snapi-test/site', '--endpoint', 'http://127.0.0.1:9'], {}],
    'snapi publish: failed: s3://snapi-test/site: the store is unreachable (connection refused)',
  ],
];

Cli('bad input gives one clear line and exit 1, never a stack trace', async (context) => {
  const runs = await Promise.all(BAD_INPUT.map(([, make]) => runInProcess(...make(context))));
  const seen = runs.map((run) => [run.code, run.stdout, run.stderr.replace(context.empty.dist, 'DIST')]);
  assert.equal(
    seen,
    BAD_INPUT.map(([, , line]) => [1, '', `${line}\n`]),
  );
});

Cli(
  'a missing, unknown or malformed option is one usage line with exit 2, and nothing is uploaded',
  async ({ local }) => {
    const hint = '(run snapi publish --help for usage)';
    const runs = await Promise.all([
      runInProcess(['--dist', local.dist, '--to', 'https://bucket/x']),
      runInProcess(['--dist', local.dist, '--to', 's3://b/x', '--keep', '0']),
      runInProcess(['--dist', local.dist]),
      runInProcess(['--to', 's3://snapi-test/no-dist']),
      runInProcess(['--dist', local.dist, '--to', 's3://snapi-test/x', '--endpoint', 'ftp://127.0.0.1']),
      runInProcess(['--dist', local.dist, '--to', 's3://snapi-test/x', '--bogus']),
      runInProcess(['--dist', local.dist, '--to']),
    ]);
    assert.equal(
      runs.map((run) => [run.code, run.stdout, run.stderr]),
      [
        [2, '', `snapi publish: --to "https://bucket/x" is not an s3://BUCKET/PREFIX address ${hint}\n`],
        [2, '', `snapi publish: --keep "0" must be a whole number of snapshots, at least 1 ${hint}\n`],
        [2, '', `snapi publish: --to s3://BUCKET/PREFIX is required ${hint}\n`],
        [2, '', `snapi publish: --dist DIR is required: the snapshot folder npm run build wrote ${hint}\n`],
        [2, '', `snapi publish: --endpoint "ftp://127.0.0.1" must start with http:// or https:// ${hint}\n`],
        [2, '', `snapi publish: unknown option --bogus ${hint}\n`],
        [2, '', `snapi publish: option --to needs a value ${hint}\n`],
      ],
    );
  },
);

Cli('--help prints the usage with an example and exits 0', async () => {
  const run = await runInProcess(['--help']);
  assert.equal([run.code, run.stdout, run.stderr], [0, `${USAGE}\n`, '']);
  assert.match(USAGE, /^usage: snapi publish --dist DIR --to s3:\/\/BUCKET\/PREFIX/);
  assert.match(USAGE, /\nexample: snapi publish --dist \.\/dist --to s3:\/\/docs-bucket\/handbook --keep 3$/);
});

Cli.run();
