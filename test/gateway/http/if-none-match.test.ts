// If-None-Match: `*` alone matches any body; inside a list it is no wildcard, only the listed tags count (RFC 9110
// 13.1.2).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { matchesIfNoneMatch } from '../../../gateway/reply/negotiate.ts';
import { send } from '../http-client.ts';
import { USERS, basic } from '../fixture.ts';
import { startFixture } from '../start-fixture.ts';

const ETAG = '"abc"';
const CASES: Array<[header: string, matches: boolean]> = [
  ['*', true],
  [' * ', true],
  ['"x", "y"', false],
  ['"x", *', false],
  ['*, "x"', false],
  ['"x", *, "y"', false],
  ['"x", "abc"', true],
  ['"abc", *', true],
  ['*, W/"abc"', true],
  ['"*"', false],
];

const conditional = suite('If-None-Match lists with and without *');

conditional('matchesIfNoneMatch treats * as a wildcard only when it is the whole header', () => {
  assert.equal(
    CASES.map(([header]) => [header, matchesIfNoneMatch(header, ETAG)]),
    CASES,
  );
});

conditional('over HTTP, a list holding * and other tags gets 200 unless it names the ETag', async () => {
  const fixture = await startFixture('if-none-match');
  const headers = { Authorization: basic(USERS.editor) };
  try {
    const etag = String((await send(fixture.gateway.url, '/api/v1/navigation', { headers })).headers.etag);
    const seen = [];
    for (const [header] of CASES) {
      const ifNoneMatch = header.replace(ETAG, etag);
      const response = await send(fixture.gateway.url, '/api/v1/navigation', {
        headers: { ...headers, 'If-None-Match': ifNoneMatch },
      });
      seen.push([header, response.status]);
    }
    assert.equal(
      seen,
      CASES.map(([header, matches]) => [header, matches ? 304 : 200]),
    );
  } finally {
    await fixture.gateway.close();
  }
});

conditional.run();
