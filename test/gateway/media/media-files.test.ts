// The media files over real HTTP: public files without credentials, restricted ones by role, ETags, ranges, HEAD,
// content types, downloads, the SVG policy, and every spelling of a path reaching the same file or nothing.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startMediaFixture, type MediaFixture } from './fixture-media.ts';

const files = suite<{ fixture: MediaFixture }>('media files over HTTP');
files.before(async (context) => {
  context.fixture = await startMediaFixture('media-files');
});
files.after(async ({ fixture }) => fixture.close());

const etagOf = (fixture: MediaFixture, key: string) => fixture.index.entries[key]?.etag ?? '';
const NOT_FOUND = '{"message":"Not found. No media file at this path."}';
const pick = (headers: Record<string, unknown>, names: string[]) =>
  Object.fromEntries(names.filter((name) => headers[name] !== undefined).map((name) => [name, headers[name]]));
const HEADER_NAMES = [
  'content-type',
  'content-length',
  'etag',
  'cache-control',
  'accept-ranges',
  'x-content-type-options',
  'content-disposition',
  'content-security-policy',
  'content-range',
  'vary',
  'www-authenticate',
  'content-encoding',
];

files(
  'serves a live image without credentials, byte for byte, with its type, strong ETag and nosniff, also under the base path',
  async ({ fixture }) => {
    const bytes = await fixture.siteFile('media/live/chart.png');
    for (const path of ['/media/live/chart.png', '/typemill/media/live/chart.png']) {
      const response = await fixture.get(path);
      assert.equal(
        { path, status: response.status, headers: pick(response.headers, HEADER_NAMES) },
        {
          path,
          status: 200,
          headers: {
            'content-type': 'image/png',
            'content-length': String(bytes.length),
            etag: etagOf(fixture, 'media:live:chart.png'),
            'cache-control': 'public, no-cache',
            'accept-ranges': 'bytes',
            'x-content-type-options': 'nosniff',
          },
        },
      );
      assert.ok(response.body.equals(bytes), path);
    }
    const thumb = await fixture.get('/media/thumbs/chart.png');
    assert.ok(thumb.body.equals(await fixture.siteFile('media/thumbs/chart.png')));
  },
);

files('answers HEAD with the headers of GET and no body, and 304 for a matching If-None-Match', async ({ fixture }) => {
  const get = await fixture.get('/media/live/photo.jpg');
  const head = await fixture.get('/media/live/photo.jpg', undefined, {}, 'HEAD');
  assert.equal(
    [head.status, pick(head.headers, HEADER_NAMES), head.body.length],
    [200, pick(get.headers, HEADER_NAMES), 0],
  );
  const etag = etagOf(fixture, 'media:live:photo.jpg');
  const notModified = await fixture.get('/media/live/photo.jpg', undefined, { 'If-None-Match': `"other", ${etag}` });
  assert.equal(
    [notModified.status, pick(notModified.headers, HEADER_NAMES), notModified.body.length],
    [
      304,
      { etag, 'cache-control': 'public, no-cache', 'accept-ranges': 'bytes', 'x-content-type-options': 'nosniff' },
      0,
    ],
  );
});

files(
  'serves one byte range with 206 and Content-Range, the whole file for an outdated If-Range, and 416 past the end',
  async ({ fixture }) => {
    const bytes = await fixture.siteFile('media/files/report.pdf');
    const part = await fixture.get('/media/files/report.pdf', undefined, { Range: 'bytes=5-12' });
    assert.equal(
      [part.status, part.headers['content-range'], part.headers['content-length'], part.text],
      [206, `bytes 5-12/${bytes.length}`, '8', bytes.subarray(5, 13).toString()],
    );
    const suffix = await fixture.get('/media/files/report.pdf', undefined, { Range: 'bytes=-6' });
    assert.equal(
      [suffix.status, suffix.headers['content-range'], suffix.text],
      [206, `bytes ${bytes.length - 6}-${bytes.length - 1}/${bytes.length}`, '%%EOF\n'],
    );
    const etag = etagOf(fixture, 'media:files:report.pdf');
    const current = await fixture.get('/media/files/report.pdf', undefined, { Range: 'bytes=0-3', 'If-Range': etag });
    assert.equal([current.status, current.text], [206, '%PDF']);
    const outdated = await fixture.get('/media/files/report.pdf', undefined, {
      Range: 'bytes=0-3',
      'If-Range': '"old"',
    });
    assert.equal([outdated.status, outdated.body.length], [200, bytes.length]);
    const beyond = await fixture.get('/media/files/report.pdf', undefined, { Range: `bytes=${bytes.length}-` });
    assert.equal(
      [beyond.status, beyond.headers['content-range'], beyond.text],
      [416, `bytes */${bytes.length}`, '{"message":"Range not satisfiable."}'],
    );
    const several = await fixture.get('/media/files/report.pdf', undefined, { Range: 'bytes=0-1,4-5' });
    assert.equal([several.status, several.body.length], [200, bytes.length]);
  },
);

files(
  'sends media/files as attachments, .txt included, and SVGs with a policy that forbids scripts',
  async ({ fixture }) => {
    const readme = await fixture.get('/media/files/readme.txt');
    assert.equal(pick(readme.headers, ['content-type', 'content-disposition']), {
      'content-type': 'text/plain; charset=utf-8',
      'content-disposition': 'attachment; filename="readme.txt"',
    });
    const bare = await fixture.get('/media/files/noextension');
    assert.equal(pick(bare.headers, ['content-type', 'content-disposition']), {
      'content-type': 'application/octet-stream',
      'content-disposition': 'attachment; filename="noextension"',
    });
    for (const path of ['/media/live/logo.svg', '/media/thumbs/logo.svg']) {
      const svg = await fixture.get(path);
      assert.equal(
        [path, svg.status, pick(svg.headers, ['content-type', 'content-security-policy'])],
        [
          path,
          200,
          {
            'content-type': 'image/svg+xml',
            'content-security-policy': "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
          },
        ],
      );
    }
  },
);

files(
  'asks for credentials for a restricted file, then for its role: 401, 403 below it, 200 at or above it and for the administrator',
  async ({ fixture }) => {
    const bytes = await fixture.siteFile('media/files/secret.zip');
    const anonymous = await fixture.get('/media/files/secret.zip');
    assert.equal(
      [anonymous.status, anonymous.headers['www-authenticate'], anonymous.text],
      [401, 'Basic realm=', '{"message":"Authentication required."}'],
    );
    const wrong = await fixture.get('/media/files/secret.zip', undefined, {
      Authorization: `Basic ${Buffer.from('editor:nope').toString('base64')}`,
    });
    assert.equal([wrong.status, wrong.text], [401, '{"message":"Authentication failed."}']);
    for (const username of ['guest', 'member', 'contributor', 'author2']) {
      const refused = await fixture.get('/media/files/secret.zip', username);
      assert.equal(
        [username, refused.status, refused.text],
        [username, 403, '{"message":"You do not have enough rights."}'],
      );
    }
    for (const username of ['editor', 'manager', 'admin']) {
      const allowed = await fixture.get('/media/files/secret.zip', username);
      assert.equal(
        [
          username,
          allowed.status,
          pick(allowed.headers, ['cache-control', 'vary', 'content-disposition', 'content-type']),
        ],
        [
          username,
          200,
          {
            'cache-control': 'private, no-store',
            vary: 'Authorization',
            'content-disposition': 'attachment; filename="secret.zip"',
            'content-type': 'application/zip',
          },
        ],
      );
      assert.ok(allowed.body.equals(bytes));
    }
    const noApi = await fixture.get('/media/files/secret.zip', 'noapi');
    assert.is(noApi.status, 401);
  },
);

files('never answers 304 for a restricted file without valid credentials', async ({ fixture }) => {
  const etag = etagOf(fixture, 'media:files:secret.zip');
  assert.is((await fixture.get('/media/files/secret.zip', undefined, { 'If-None-Match': etag })).status, 401);
  assert.is((await fixture.get('/media/files/secret.zip', 'author2', { 'If-None-Match': etag })).status, 403);
  assert.is((await fixture.get('/media/files/secret.zip', 'editor', { 'If-None-Match': etag })).status, 304);
});

files(
  'keeps the restriction whatever the spelling of the path: slashes, dots, percent-encoding, the base path',
  async ({ fixture }) => {
    const spellings = [
      '//media/files/secret.zip',
      '/media/files//secret.zip',
      '/media//files/secret.zip',
      '/media/./files/./secret.zip',
      '/media/files/secret%2Ezip',
      '/media/files/%73ecret.zip',
      '/%6Dedia/files/secret.zip',
      '/typemill/media/files/secret.zip',
      '/typemill//media/files/secret.zip',
      '/media/files/secret.zip/',
      '/media/files/secret.zip?download=1',
      'http://localhost/media/files/secret.zip',
    ];
    for (const path of spellings) {
      const response = await fixture.get(path);
      assert.equal([path, response.status, response.text], [path, 401, '{"message":"Authentication required."}']);
    }
    for (const path of [
      '/media/files/SECRET.ZIP',
      '/media/files/Secret.zip',
      '/media/Files/secret.zip',
      '/media/files/secret.zip%00',
      '/media/files/secret.zip.',
    ]) {
      const response = await fixture.get(path);
      assert.equal([path, response.status, response.text], [path, 404, NOT_FOUND]);
    }
  },
);

files(
  'reaches nothing outside the three folders by any encoding, and never the restriction file',
  async ({ fixture }) => {
    const attempts = [
      '/media/files/filerestrictions.yaml',
      '/media/files/.gitkeep',
      '/media/files/../../settings/users/admin.yaml',
      '/media/live/..%2F..%2Fsettings%2Fsettings.yaml',
      '/media/live/%2e%2e/%2e%2e/content/index.md',
      '/media/files/..%5c..%5csettings%5csettings.yaml',
      '/media/files/%252e%252e/%252e%252e/settings/settings.yaml',
      '/media/live/..',
      '/media/tmp/chart.png',
      '/media/original/chart.png',
      '/media/live/',
      '/media/thumbs/notes.txt',
      '/media/live/report.pdf',
      '/typemill/media/files/../../content/index.md',
    ];
    for (const path of attempts) {
      const response = await fixture.get(path, 'admin');
      assert.equal([path, response.status, response.text], [path, 404, NOT_FOUND]);
    }
    // A `.md` path outside /media/ names a page (docs/ai.md): the page `/content/index`, which does not exist.
    const outside = await fixture.get('/content/index.md', 'admin');
    assert.equal([outside.status, outside.text], [404, '{"message":"page not found"}']);
    const notMarkdown = await fixture.get('/content/index.yaml', 'admin');
    assert.equal(
      [notMarkdown.status, notMarkdown.text],
      [404, '{"message":"Not found. The API lives under /api/v1/."}'],
    );
  },
);

files('refuses other methods with 405 on a media file, after finding it', async ({ fixture }) => {
  const post = await fixture.get('/media/live/chart.png', undefined, {}, 'POST');
  assert.equal([post.status, post.headers.allow], [405, 'GET, HEAD']);
  assert.is((await fixture.get('/media/live/missing.png', undefined, {}, 'POST')).status, 404);
});

files.run();
