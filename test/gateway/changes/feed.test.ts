// The feed's core on plain values: net differences over several deltas, and the rules a seeded run of site edits
// rarely reaches (one role's menus, a key changed and put back).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { feedFor, netChanges } from '../../../gateway/changes/feed.ts';

const test = suite('feed core');
const delta = (changes: Record<string, [string | null, string | null]>) => ({ previous: 'a', current: 'b', changes });

test('a menu change is named only to the role whose menu it is', () => {
  const net = netChanges([delta({ 'mainnavi:editor': ['"A"', '"B"'], 'systemnavi:author': ['"C"', '"D"'] })]);
  assert.equal(feedFor(net, { role: 'editor', username: 'e' }).endpoints, ['mainnavi']);
  assert.equal(feedFor(net, { role: 'author', username: 'a' }).endpoints, ['systemnavi']);
  assert.equal(feedFor(net, { role: 'manager' }).endpoints, []);
});

test('the net difference: first version against last, a key put back is not named', () => {
  const net = netChanges([
    delta({ 'meta:/a': ['"A1"', '"A2"'], 'meta:/b': ['"B1"', '"B2"'], 'item:/c': [null, '"C"'] }),
    delta({ 'meta:/a': ['"A2"', '"A1"'], 'meta:/b': ['"B2"', '"B3"'], 'item:/c': ['"C"', null] }),
  ]);
  assert.equal([...net], [['meta:/b', ['"B1"', '"B3"']]]);
  assert.equal(feedFor(net, { role: 'author', username: 'a' }).urls, { added: [], changed: ['/b'], removed: [] });
});

test.run();
