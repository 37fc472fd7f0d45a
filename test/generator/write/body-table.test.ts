// The staging snapshot's body table: a written body comes back exactly as written from its row of sizes, past the
// first columns' growth; a body not named by its hash is kept whole; a row being written has no body yet.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bodyFile } from '../../../contract/dist-folder.ts';
import { contentHash } from '../../../contract/etag.ts';
import { BodyTable } from '../../../generator/write/body-table.ts';
import type { StagedBody } from '../../../generator/write/staged-body.ts';

/** Body `n` of a test: every third without brotli, every fifth without either compressed copy. */
function bodyNumber(n: number): StagedBody {
  const hash = contentHash(`body ${n}`);
  return {
    hash,
    identity: { file: bodyFile(hash), size: 1000 + n },
    ...(n % 5 !== 0 ? { gzip: { file: bodyFile(hash, 'gzip'), size: 300 + n } } : {}),
    ...(n % 5 !== 0 && n % 3 !== 0 ? { br: { file: bodyFile(hash, 'br'), size: 200 + n } } : {}),
  };
}

const table = suite('the body table');

table('gives back every body as written, by its sizes, after its columns grew four times', async () => {
  const bodies = new BodyTable();
  const count = 5000;
  for (let n = 0; n < count; n++) {
    const body = bodyNumber(n);
    const row = bodies.add(body.hash, n % 2 === 0);
    assert.is(row, n);
    await bodies.settle(row, Promise.resolve(body));
  }
  assert.is(bodies.size, count);
  for (let n = 0; n < count; n++) {
    const body = bodyNumber(n);
    assert.equal(bodies.body(n), body);
    assert.is(bodies.rowOf(body.hash), n);
    assert.is(bodies.hashAt(n), body.hash);
    assert.is(bodies.pageContentOnly(n), n % 2 === 0);
  }
  assert.equal(bodies.pending(), []);
  assert.is(bodies.rowOf(contentHash('no such body')), undefined);
});

table('a body being written has none yet; the latest write of a row settles it', async () => {
  const bodies = new BodyTable();
  const first = bodyNumber(1);
  const row = bodies.add(first.hash, true);
  let finish: (body: StagedBody) => void = () => undefined;
  const writing = bodies.settle(row, new Promise<StagedBody>((resolve) => (finish = resolve)));
  assert.is(bodies.body(row), undefined);
  assert.is(bodies.bodyOf(row), writing);
  assert.is(bodies.pending().length, 1);
  bodies.widen(row);
  const widened = { ...first, br: { file: bodyFile(first.hash, 'br'), size: 7 } };
  const second = bodies.settle(
    row,
    writing.then(() => widened),
  );
  finish(first);
  assert.equal(await writing, first);
  // The first write is done, the widening one not yet: the row is still being written.
  assert.is(bodies.body(row), undefined);
  assert.equal(await second, widened);
  assert.equal(bodies.body(row), widened);
  assert.is(bodies.pageContentOnly(row), false);
  assert.equal(bodies.pending(), []);
});

table('a body whose files are not named by its hash (a media file) is kept whole', async () => {
  const bodies = new BodyTable();
  const hash = contentHash('a picture');
  const media: StagedBody = { hash, identity: { file: `bodies/${hash}.media`, size: 12345 } };
  const row = bodies.add(`${hash}.media`, false);
  bodies.settled(row, media);
  assert.is(bodies.body(row), media);
  assert.equal(await bodies.bodyOf(row), media);
  assert.equal(bodies.hashes(), [`${hash}.media`]);
});

table.run();
