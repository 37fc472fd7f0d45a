// The six media endpoints over real HTTP against the built fixture site: exact bodies, Typemill's 400 and 404 messages,
// the name and path spellings Typemill accepts, and the contributor minimum.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startMediaFixture, type MediaFixture } from '../media/fixture-media.ts';

const endpoints = suite<{ fixture: MediaFixture }>('media endpoints over HTTP');
endpoints.before(async (context) => {
  context.fixture = await startMediaFixture('media-endpoints');
});
endpoints.after(async ({ fixture }) => fixture.close());

const ROLES_JSON = '["guest","member","contributor","author","editor","manager","administrator"]';

endpoints(
  'lists thumbs as images and media/files as files, filerestrictions.yaml and dot files left out',
  async ({ fixture }) => {
    const images = await fixture.get('/api/v1/images', 'contributor');
    assert.equal(
      [images.status, images.headers['content-type'], images.text],
      [200, 'application/json; charset=utf-8', fixture.bodies.get('images')],
    );
    assert.equal(
      (JSON.parse(images.text) as { images: Array<{ name: string }> }).images.map((image) => image.name),
      ['chart.png', 'logo.svg', 'photo.jpg'],
    );
    const files = await fixture.get('/api/v1/files', 'contributor');
    assert.equal(
      (JSON.parse(files.text) as { files: Array<{ name: string }> }).files.map((file) => file.name),
      ['noextension', 'readme.txt', 'report.pdf', 'secret.zip'],
    );
    assert.is(files.text, fixture.bodies.get('files'));
  },
);

endpoints(
  'answers an image by its last path segment, with pixel sizes, "---" for SVG and nulls for a file that is no image',
  async ({ fixture }) => {
    const details = async (name: string) =>
      (await fixture.get(`/api/v1/image?name=${encodeURIComponent(name)}`, 'contributor')).text;
    const chart =
      '{"image":{"name":"chart.png","timestamp":1715970896,"bytes":73,"width":3,"height":2,"type":"image\\/png","src_thumb":"media\\/thumbs\\/chart.png","src_live":"media\\/live\\/chart.png"}}';
    for (const name of ['chart.png', 'media/live/chart.png', '/anything/chart.png', 'chart.png/', '../../chart.png'])
      assert.is(await details(name), chart, name);
    assert.is(
      await details('logo.svg'),
      '{"image":{"name":"logo.svg","timestamp":1715970896,"bytes":151,"width":"---","height":"---","type":"svg","src_thumb":"media\\/thumbs\\/logo.svg","src_live":"media\\/live\\/logo.svg"}}',
    );
    assert.is(
      await details('notes.txt'),
      '{"image":{"name":"notes.txt","timestamp":1715970896,"bytes":73,"width":null,"height":null,"type":null,"src_thumb":"media\\/thumbs\\/notes.txt","src_live":"media\\/live\\/notes.txt"}}',
    );
  },
);

endpoints('answers a file by name with its /files entry, and never shows a server path', async ({ fixture }) => {
  const report = await fixture.get('/api/v1/file?name=media/files/report.pdf', 'contributor');
  assert.is(
    report.text,
    '{"file":{"name":"report.pdf","timestamp":1715970896,"bytes":54,"info":{"dirname":"media\\/files","basename":"report.pdf","extension":"pdf","filename":"report"},"url":"media\\/files\\/report.pdf"}}',
  );
  for (const path of ['/api/v1/files', '/api/v1/file?name=report.pdf', '/api/v1/image?name=chart.png']) {
    assert.not.match((await fixture.get(path, 'contributor')).text, /var|www|typemill\\\//, path);
  }
});

endpoints(
  'gives Typemill\'s 400 for a missing, empty or "0" parameter and its 404 for an unknown name',
  async ({ fixture }) => {
    const cases: Array<[string, number, string]> = [
      ['/api/v1/image', 400, '{"message":"Imagename is missing."}'],
      ['/api/v1/image?name=', 400, '{"message":"Imagename is missing."}'],
      ['/api/v1/image?name=0', 400, '{"message":"Imagename is missing."}'],
      ['/api/v1/image?name[]=chart.png', 400, '{"message":"Imagename is missing."}'],
      ['/api/v1/image?name=missing.png', 404, '{"message":"No image found."}'],
      ['/api/v1/image?name=report.pdf', 404, '{"message":"No image found."}'],
      ['/api/v1/image?name=..', 404, '{"message":"No image found."}'],
      ['/api/v1/image?name=/', 404, '{"message":"No image found."}'],
      ['/api/v1/file', 400, '{"message":"Filename is missing."}'],
      ['/api/v1/file?name=0', 400, '{"message":"Filename is missing."}'],
      ['/api/v1/file?name=filerestrictions.yaml', 404, '{"message":"No file found."}'],
      ['/api/v1/file?name=chart.png', 404, '{"message":"No file found."}'],
      ['/api/v1/pagemedia', 400, '{"message":"Path is missing."}'],
      ['/api/v1/pagemedia?path=', 400, '{"message":"Path is missing."}'],
    ];
    for (const [path, status, body] of cases) {
      const response = await fixture.get(path, 'admin');
      assert.equal([path, response.status, response.text], [path, status, body]);
    }
  },
);

endpoints('finds the media of a page in its draft (else live) markdown, for page paths only', async ({ fixture }) => {
  const media = async (path: string) =>
    (await fixture.get(`/api/v1/pagemedia?path=${encodeURIComponent(path)}`, 'contributor')).text;
  for (const path of ['/07-front-matter', '07-front-matter', '//07-front-matter/'])
    assert.is(await media(path), '{"pagemedia":["chart.png","report.pdf","secret.zip"]}', path);
  // The home page's draft links photo.jpg; its live file links anim.gif.
  assert.is(await media('/index'), '{"pagemedia":["photo.jpg"]}');
  for (const path of [
    '../settings/settings',
    '/07-front-matter.md',
    '/front-matter',
    '/07-front-matter/../07-front-matter',
    'settings/users/admin',
  ]) {
    assert.is(await media(path), '{"pagemedia":[]}', path);
  }
});

endpoints('answers the restriction stored under exactly the name asked for, else all', async ({ fixture }) => {
  const restriction = async (query: string) =>
    (await fixture.get(`/api/v1/filerestrictions${query}`, 'contributor')).text;
  assert.is(
    await restriction('?filename=media/files/secret.zip'),
    `{"userroles":${ROLES_JSON},"restriction":"editor"}`,
  );
  assert.is(await restriction('?filename=media/files/gone.pdf'), `{"userroles":${ROLES_JSON},"restriction":"author"}`);
  for (const query of ['', '?filename=', '?filename=secret.zip', '?filename=media/files/report.pdf', '?filename[]=x']) {
    assert.is(await restriction(query), `{"userroles":${ROLES_JSON},"restriction":"all"}`, query);
  }
});

endpoints("needs the contributor role: members get Typemill's permission message", async ({ fixture }) => {
  for (const [path, privilege] of [
    ['/api/v1/images', 'read'],
    ['/api/v1/filerestrictions', 'create'],
  ] as const) {
    const member = await fixture.get(path, 'member');
    assert.equal(
      [member.status, member.text],
      [403, `{"message":"Permission denied. Your are an member and you cannot ${privilege} this mycontent"}`],
    );
    assert.is((await fixture.get(path)).status, 401);
  }
});

endpoints.run();
