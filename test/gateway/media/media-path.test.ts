// Request paths under /media/: every spelling of a file reaches the same key, and no spelling reaches anything else.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { matchMediaPath } from '../../../gateway/media/media-path.ts';

const paths = suite('matchMediaPath');

paths('reaches the same key through slashes, dots, percent-encoding and the base path', () => {
  const spellings = [
    '/media/files/x.zip',
    '//media/files/x.zip',
    '/media//files//x.zip',
    '/media/files//x.zip',
    '/media/./files/./x.zip',
    '/media/files/x.zip/',
    '/%6dedia/files/x%2Ezip',
    '/media/%66iles/x.zip',
    '/handbook/media/files/x.zip',
    '/handbook//media/files/x.zip',
  ];
  for (const path of spellings)
    assert.equal(
      [path, matchMediaPath(path, '/handbook')],
      [path, { media: 'media:files:x.zip', attachment: true, name: 'x.zip' }],
    );
  assert.equal(matchMediaPath('/media/live/a%20b.png', ''), {
    media: 'media:live:a b.png',
    attachment: false,
    name: 'a b.png',
  });
  assert.equal(matchMediaPath('/media/thumbs/%C3%BC.png', ''), {
    media: 'media:thumbs:ü.png',
    attachment: false,
    name: 'ü.png',
  });
});

paths('names no file for parent segments, other folders, nested names or encoded separators', () => {
  const nothing = [
    '/media/files/../live/x.png',
    '/media/files/%2e%2e/x.zip',
    '/media/files/x/../x.zip',
    '/media/tmp/x.png',
    '/media/original/x.png',
    '/media/files',
    '/media/files/',
    '/media/files/a/b.zip',
    '/media/files/a%2Fb.zip',
    '/media/files/x%00.zip',
    '/media/constructor/x',
    '/media/__proto__/x',
    '/media/Files/x.zip',
    '/media/files/..',
  ];
  for (const path of nothing) assert.equal([path, matchMediaPath(path, '')?.media], [path, undefined]);
  for (const path of nothing)
    assert.ok(matchMediaPath(path, '') !== undefined, `${path} is under /media/ and gets the media 404`);
});

paths('leaves paths outside /media/ to the API router, case-sensitively', () => {
  for (const path of [
    '/api/v1/images',
    '/MEDIA/files/x.zip',
    '/mediafiles/x.zip',
    '/x/media/files/x.zip',
    '/media%2Ffiles%2Fx.zip',
    '/%zz/media/files/x.zip',
    '/',
  ]) {
    assert.equal([path, matchMediaPath(path, '')], [path, undefined]);
  }
});

paths.run();
