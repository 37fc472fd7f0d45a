// The pure parts of object storage: s3:// addresses, addressing style, and the validators that keep store data out of
// paths.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseS3Location } from '../../storage/s3-location.ts';
import { createStoreClient } from '../../storage/s3-client.ts';
import { parseBodyList, parseManifest, parsePointer, remoteKey } from '../../storage/remote-layout.ts';

const SHA = 'a'.repeat(64);
const DIGEST = { sha256: SHA, size: 10 };

const outcome = (run: () => unknown): unknown => {
  try {
    return run();
  } catch (error) {
    return (error as Error).message;
  }
};

const Location = suite('s3:// addresses');

Location('parses bucket and prefix, trimming slashes', () => {
  assert.equal(
    ['s3://docs/site', 's3://docs/a/b/', 's3://docs', 's3://docs/'].map((value) => parseS3Location(value, '--to')),
    [
      { bucket: 'docs', prefix: 'site' },
      { bucket: 'docs', prefix: 'a/b' },
      { bucket: 'docs', prefix: '' },
      { bucket: 'docs', prefix: '' },
    ],
  );
});

Location('refuses other schemes, bad bucket names and dot segments, quoting the value', () => {
  assert.equal(
    ['https://docs/site', 's3://Docs/site', 's3://docs/a/../b', 's3://docs/a//b'].map((value) =>
      outcome(() => parseS3Location(value, '--to')),
    ),
    [
      '--to "https://docs/site" is not an s3://BUCKET/PREFIX address',
      '--to "s3://Docs/site": "Docs" is not a valid bucket name',
      '--to "s3://docs/a/../b": the prefix "a/../b" has an empty, "." or ".." segment',
      '--to "s3://docs/a//b": the prefix "a//b" has an empty, "." or ".." segment',
    ],
  );
});

const Addressing = suite('addressing style');

Addressing('path-style for other stores, virtual-hosted for AWS endpoints', async () => {
  const styles = [
    'http://127.0.0.1:9000',
    'https://abc.r2.cloudflarestorage.com',
    'https://s3.eu-central-1.amazonaws.com',
  ].map((endpoint) => {
    const client = createStoreClient({ endpoint }, {});
    const style = client.config.forcePathStyle;
    client.destroy();
    return style;
  });
  assert.equal(styles, [true, true, false]);
});

const Validators = suite('pointer, manifest and body list validators');

Validators('a pointer must be JSON of this format with a snapshot id that is one folder name', () => {
  const pointer = (fields: Record<string, unknown>) =>
    JSON.stringify({ format: 2, snapshot: 's-1', manifestSha256: SHA, publishedAt: 'x', ...fields });
  assert.equal(
    [
      pointer({}),
      pointer({ snapshot: '../etc' }),
      pointer({ snapshot: '.staging-x' }),
      pointer({ manifestSha256: 'abc' }),
      pointer({ format: 3 }),
      pointer({ format: 1 }),
      '[]',
    ].map((text) => outcome(() => parsePointer(text, 'P'))),
    [
      { format: 2, snapshot: 's-1', manifestSha256: SHA, publishedAt: 'x' },
      'P.snapshot: "../etc" is not a snapshot id',
      'P.snapshot: ".staging-x" is not a snapshot id',
      'P.manifestSha256: expected 64 hex digits',
      'P has format 3, newer than this snapi reads (2): upgrade snapi',
      'P: format 1 is not a snapi publication format',
      'P: expected an object',
    ],
  );
});

Validators('body lists name only plain body files, so nothing from the store becomes a path outside bodies/', () => {
  assert.equal(
    ['bodies/abc.json', 'bodies/../accounts.json', 'bodies/a/b.json', '/etc/passwd', 'bodies/abc.json.zip'].map(
      (file) => outcome(() => parseBodyList({ [file]: DIGEST }, 'L')),
    ),
    [
      { 'bodies/abc.json': DIGEST },
      'L: "bodies/../accounts.json" is not a body file name',
      'L: "bodies/a/b.json" is not a body file name',
      'L: "/etc/passwd" is not a body file name',
      'L: "bodies/abc.json.zip" is not a body file name',
    ],
  );
});

Validators('a manifest needs the index and accounts digests and a list of body lists; changes.json is optional', () => {
  const files = { 'index.json': DIGEST, 'accounts.json': DIGEST };
  assert.equal(
    outcome(() => parseManifest({ format: 2, snapshot: 's-1', files, bodyLists: [DIGEST] }, 'M')),
    { format: 2, snapshot: 's-1', files, bodyLists: [DIGEST] },
  );
  assert.equal(
    outcome(() => parseManifest({ format: 2, snapshot: 's-1', files: { 'index.json': DIGEST }, bodyLists: [] }, 'M')),
    'M.files["accounts.json"]: expected an object',
  );
  assert.equal(
    outcome(() => parseManifest({ format: 2, snapshot: 's-1', files, bodies: {} }, 'M')),
    'M.bodyLists: expected an array',
  );
});

Validators('keys keep the body file extension and sit under the prefix', () => {
  assert.equal(
    [
      remoteKey.body('site', 'bodies/abc.json.gz', SHA),
      remoteKey.body('', 'bodies/abc.json', SHA),
      remoteKey.pointer(''),
      remoteKey.manifest('a/b', 's-1'),
    ],
    [`site/bodies/${SHA}.json.gz`, `bodies/${SHA}.json`, 'current.json', 'a/b/snapshots/s-1/manifest.json.gz'],
  );
});

Location.run();
Addressing.run();
Validators.run();
