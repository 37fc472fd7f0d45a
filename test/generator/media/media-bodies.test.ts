// The media bodies from listed files, in memory: Typemill's order, field shapes and the pagemedia pattern.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { planMedia } from '../../../generator/media/media-bodies.ts';
import type { MediaFile, MediaSource } from '../../../generator/types.ts';

const file = (folder: MediaFile['folder'], name: string, seconds: number, size = 1): MediaFile => ({
  folder,
  name,
  path: `/site/media/${folder}/${name}`,
  size,
  mtimeMs: seconds * 1000 + 999,
});
const bodyOf = (plan: ReturnType<typeof planMedia>, key: string) =>
  plan.responses.find((response) => response.key === key)?.body;

const bodies = suite('planMedia');

bodies('lists newest first, keeping folder order for equal times, with times in whole seconds', () => {
  const media: MediaSource = {
    files: [
      file('thumbs', 'a.png', 10),
      file('thumbs', 'b.png', 30),
      file('thumbs', 'c.png', 10),
      file('thumbs', 'd.png', 30),
    ],
    warnings: [],
  };
  const names = (
    JSON.parse(bodyOf(planMedia(media, []), 'images') ?? '') as { images: Array<{ name: string; timestamp: number }> }
  ).images;
  assert.equal(
    names.map((image) => [image.name, image.timestamp]),
    [
      ['b.png', 30],
      ['d.png', 30],
      ['a.png', 10],
      ['c.png', 10],
    ],
  );
});

bodies('gives pathinfo with media/files as dirname, extension only after a dot', () => {
  const media: MediaSource = {
    files: [file('files', 'archive.tar.gz', 5, 7), file('files', 'trailing.', 5), file('files', 'README', 5)],
    warnings: [],
  };
  const plan = planMedia(media, []);
  assert.is(
    bodyOf(plan, 'file:archive.tar.gz'),
    '{"file":{"name":"archive.tar.gz","timestamp":5,"bytes":7,"info":{"dirname":"media\\/files","basename":"archive.tar.gz","extension":"gz","filename":"archive.tar"},"url":"media\\/files\\/archive.tar.gz"}}',
  );
  assert.is(
    bodyOf(plan, 'file:trailing.'),
    '{"file":{"name":"trailing.","timestamp":5,"bytes":1,"info":{"dirname":"media\\/files","basename":"trailing.","extension":"","filename":"trailing"},"url":"media\\/files\\/trailing."}}',
  );
  assert.is(
    bodyOf(plan, 'file:README'),
    '{"file":{"name":"README","timestamp":5,"bytes":1,"info":{"dirname":"media\\/files","basename":"README","filename":"README"},"url":"media\\/files\\/README"}}',
  );
});

bodies('treats only a lower-case .svg without a readable size as SVG, as pathinfo and getimagesize do', () => {
  const svg = (name: string) => ({ ...file('live', name, 1), head: Buffer.from('<svg/>') });
  const plan = planMedia({ files: [svg('a.svg'), svg('b.SVG')], warnings: [] }, []);
  assert.match(bodyOf(plan, 'image:a.svg') ?? '', /"width":"---","height":"---","type":"svg"/);
  assert.match(bodyOf(plan, 'image:b.SVG') ?? '', /"width":null,"height":null,"type":null/);
});

bodies(
  "finds media/live and media/files names as Typemill's pattern does: lazily, per line, repeats kept, markdown before meta",
  () => {
    const markdown = [
      '![a](media/live/one.png) and [b](media/files/two.pdf), again media/live/one.png',
      'media/thumbs/no.png media/tmp/no.png MEDIA/live/no.png',
      'media/live/spaces in name.jpeg?x=1 media/live/x.toolong media/files/a.b.c.zip',
      'media/live/broken\r.png media/live/\n.png',
    ].join('\n');
    const plan = planMedia(undefined, [
      { pathWithoutType: '/00-a/01-b', markdown, meta: "meta:\n  image: 'media/live/hero.webp'\n" },
    ]);
    assert.is(
      bodyOf(plan, 'pagemedia:/00-a/01-b'),
      '{"pagemedia":["one.png","two.pdf","one.png","spaces in name.jpeg","x.tool","a.b.c.zip","broken\\r.png","hero.webp"]}',
    );
  },
);

bodies("stores every media file under its folder's key, with the role filerestrictions.yaml gives files", () => {
  const media: MediaSource = {
    files: [file('live', 'x.zip', 1), file('files', 'x.zip', 1), file('files', 'y.zip', 1), file('files', 'z.zip', 1)],
    restrictions: 'media/files/x.zip: editor\nmedia/files/y.zip: ""\nmedia/files/nothing.pdf: member\n',
    warnings: [],
  };
  const plan = planMedia(media, []);
  assert.equal(plan.objects, [
    { key: 'media:live:x.zip', path: '/site/media/live/x.zip' },
    { key: 'media:files:x.zip', path: '/site/media/files/x.zip', restriction: { role: 'editor' } },
    { key: 'media:files:y.zip', path: '/site/media/files/y.zip', restriction: { role: 'administrator' } },
    { key: 'media:files:z.zip', path: '/site/media/files/z.zip' },
  ]);
  assert.is(
    bodyOf(plan, 'filerestrictions:media/files/y.zip'),
    '{"userroles":["guest","member","contributor","author","editor","manager","administrator"],"restriction":""}',
  );
});

bodies('reports a broken filerestrictions.yaml as a build error naming the file and line', () => {
  const plan = planMedia(
    { files: [], restrictions: 'media/files/x.zip: editor\nmedia/files/y.zip: [unclosed\n', warnings: [] },
    [],
  );
  assert.equal(
    plan.errors.map((error) => [error.file, typeof error.line, error.message.startsWith('YAML: ')]),
    [['media/files/filerestrictions.yaml', 'number', true]],
  );
  const list = planMedia({ files: [], restrictions: '- a\n- b\n', warnings: [] }, []);
  assert.equal(list.errors, [
    { file: 'media/files/filerestrictions.yaml', message: 'expected a map of file paths (media/files/name) to roles' },
  ]);
});

bodies.run();
