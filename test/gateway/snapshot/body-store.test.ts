// Bodies of a loaded snapshot: kept in memory after the first read while the budget lasts, checked, streamed when
// large.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadSnapshot } from '../../../gateway/snapshot/snapshot-loader.ts';
import type { ServingState } from '../../../gateway/snapshot/serving-state.ts';
import { readStoredBody, readsWhole } from '../../../gateway/snapshot/body-store.ts';
import { chooseEncoding, encodingFor } from '../../../gateway/reply/negotiate.ts';
import type { Encoding } from '../../../gateway/snapshot/model.ts';
import { makeTempDist, writeAndPublish } from '../make-snapshot.ts';
import { startFixture } from '../start-fixture.ts';
import { send } from '../http-client.ts';
import { basic, standardSpec, USERS } from '../fixture.ts';

const FIRST = '{"content":[{"fixture":"first body"}]}';
const SECOND = '{"content":[{"fixture":"second body"}]}';

async function loadTwoBodies(name: string, memoryBudget: number): Promise<{ dist: string; state: ServingState }> {
  const dist = await makeTempDist(name);
  await writeAndPublish(dist, {
    id: `${name}-1`,
    bodies: {
      'content:live:/first': { json: FIRST, compressed: false },
      'content:live:/second': { json: SECOND, compressed: false },
    },
    users: [],
  });
  return { dist, state: await loadSnapshot(dist, { lookup: async () => [], memoryBudget }) };
}

const identityOf = (state: ServingState, key: string) => state.snapshot.entries.get(key)!.identity;

const Memory = suite('bodies in memory and on disk');

Memory(
  'keeps bodies in memory after their first read until the budget is spent, then reads them from disk each time',
  async () => {
    const { dist, state } = await loadTwoBodies('budget', Buffer.byteLength(FIRST));
    try {
      const first = identityOf(state, 'content:live:/first');
      const second = identityOf(state, 'content:live:/second');
      const before = [first.bytes, second.bytes];
      const texts = [(await readStoredBody(first)).toString('utf8'), (await readStoredBody(second)).toString('utf8')];
      assert.equal(
        { before, texts, kept: [first.bytes?.toString('utf8'), second.bytes], left: first.memory.left },
        {
          before: [undefined, undefined],
          texts: [FIRST, SECOND],
          kept: [FIRST, undefined],
          left: 0,
        },
      );
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  },
);

Memory('refuses to send a body whose file size differs from the index', async () => {
  const { dist, state } = await loadTwoBodies('resized', 1024);
  try {
    const first = identityOf(state, 'content:live:/first');
    await writeFile(join(state.snapshot.directory, first.file), '{}');
    const error = await readStoredBody(first).then(
      () => undefined,
      (reason: unknown) => (reason instanceof Error ? reason.message : String(reason)),
    );
    assert.equal(
      [error, first.bytes],
      [`${first.file}: index says ${Buffer.byteLength(FIRST)} bytes, file has 2`, undefined],
    );
  } finally {
    await rm(dist, { recursive: true, force: true });
  }
});

Memory('streams a body larger than 1 MiB and the memory limit from disk with its exact bytes', async () => {
  const huge = `{"content":[{"id":0,"markdown":"${'streamed page '.repeat(80_000)}"}]}`;
  const fixture = await startFixture(
    'huge',
    { bodies: { ...standardSpec('unused').bodies, 'content:live:/huge': { json: huge, compressed: false } } },
    { memoryBodyLimit: 1024 * 1024 },
  );
  try {
    const response = await send(fixture.gateway.url, '/api/v1/article/content?url=huge', {
      headers: { Authorization: basic(USERS.administrator) },
    });
    assert.equal(
      [response.status, response.headers['content-length'], response.text === huge],
      [200, String(Buffer.byteLength(huge)), true],
    );
  } finally {
    await fixture.gateway.close();
  }
});

Memory(
  'reads a body larger than 1 MiB once for concurrent first requests and keeps it while the budget allows',
  async () => {
    const large = `{"content":[{"id":0,"markdown":"${'large page '.repeat(200_000)}"}]}`;
    const dist = await makeTempDist('large');
    await writeAndPublish(dist, {
      id: 'large-1',
      bodies: { 'content:live:/large': { json: large, compressed: false } },
      users: [],
    });
    try {
      const state = await loadSnapshot(dist, {
        lookup: async () => [],
        memoryBodyLimit: 4 * 1024 * 1024,
        memoryBudget: 4 * 1024 * 1024,
      });
      const body = identityOf(state, 'content:live:/large');
      const before = readsWhole(body);
      const reads = await Promise.all(Array.from({ length: 20 }, () => readStoredBody(body)));
      const size = Buffer.byteLength(large);
      assert.equal(
        {
          before,
          sameBuffer: reads.every((bytes) => bytes === reads[0]),
          text: reads[0]?.toString('utf8') === large,
          kept: body.bytes === reads[0],
          left: body.memory.left,
        },
        { before: true, sameBuffer: true, text: true, kept: true, left: 4 * 1024 * 1024 - size },
      );
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  },
);

Memory('streams a large body once the budget cannot keep it', async () => {
  const { dist, state } = await loadTwoBodies('spent', 10);
  try {
    const first = identityOf(state, 'content:live:/first');
    assert.equal([readsWhole(first), readsWhole({ ...first, size: 2 * 1024 * 1024 })], [true, false]);
  } finally {
    await rm(dist, { recursive: true, force: true });
  }
});

Memory.run();

const Negotiation = suite('remembered encoding choice');

Negotiation(
  'gives the same encoding as chooseEncoding for every header and set of stored variants, also when asked again',
  () => {
    const headers = ['gzip, br', 'br;q=0.5, gzip', 'identity;q=0, *;q=0.2', '*', 'gzip;q=0', 'deflate', ''];
    const variants: Array<[boolean, boolean]> = [
      [false, false],
      [true, false],
      [false, true],
      [true, true],
    ];
    const expected: Encoding[] = [];
    const remembered: Encoding[] = [];
    for (const header of headers) {
      for (const [hasGzip, hasBr] of variants) {
        const available = new Set<Encoding>([
          'identity',
          ...(hasGzip ? ['gzip' as const] : []),
          ...(hasBr ? ['br' as const] : []),
        ]);
        expected.push(chooseEncoding(header, available));
        remembered.push(encodingFor(header, hasGzip, hasBr), encodingFor(header, hasGzip, hasBr));
      }
    }
    assert.equal(
      remembered,
      expected.flatMap((encoding) => [encoding, encoding]),
    );
  },
);

Negotiation.run();
