// The snapshot.served body and its signature: what a receiver verifying with `standardwebhooks` accepts, the lists for
// the receiver's role, and the thin body past 256 KB.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Webhook } from 'standardwebhooks';
import { THIN_OVER_BYTES, servedEvent } from '../../../gateway/webhooks/event-body.ts';
import { webhookHeaders, webhookId } from '../../../gateway/webhooks/signature.ts';
import { TEST_SECRET } from './receiver.ts';

const test = suite('snapshot.served');
const snapshot = { id: 'b', at: '2026-01-01T00:00:00.000Z' };

test('signed as standardwebhooks verifies, with every secret of a rotation', () => {
  const body = servedEvent(snapshot, { previous: 'a', current: 'b', changes: {} }, { role: 'author' });
  const other = `whsec_${Buffer.from('the next secret, rotated in 01').toString('base64')}`;
  const keys = [TEST_SECRET, other].map((secret) => Buffer.from(secret.slice(6), 'base64'));
  const headers = webhookHeaders(keys, webhookId('cms', 'b'), body, Date.now());
  assert.equal(new Webhook(TEST_SECRET).verify(body, headers), JSON.parse(body));
  assert.equal(new Webhook(other).verify(body, headers), JSON.parse(body));
  assert.throws(() => new Webhook(TEST_SECRET).verify(`${body} `, headers));
});

test("the lists are the feed's for the role: a restricted page is not named to a role below it", () => {
  const changes = {
    'item:/open': [null, '"A"'] as [null, string],
    'item:/editors': [null, '"B"{"role":"editor"}'] as [null, string],
  };
  const body = (role: string) => JSON.parse(servedEvent(snapshot, { previous: 'a', current: 'b', changes }, { role }));
  assert.equal(body('author').data.urls.added, ['/open']);
  assert.equal(body('editor').data.urls.added, ['/editors', '/open']);
  assert.equal(body('editor').data.previous, 'a');
});

test('over 256 KB it is sent thin: ids and truncated', () => {
  const changes: Record<string, [null, string]> = {};
  for (let page = 0; page < 20_000; page++) changes[`item:/a-rather-long-page-url-number-${page}`] = [null, '"A"'];
  const body = servedEvent(snapshot, { previous: 'a', current: 'b', changes }, { role: 'author' });
  assert.ok(Buffer.byteLength(body) < THIN_OVER_BYTES);
  assert.equal(JSON.parse(body), {
    type: 'snapshot.served',
    timestamp: snapshot.at,
    data: { previous: 'a', current: 'b', truncated: true },
  });
});

test.run();
