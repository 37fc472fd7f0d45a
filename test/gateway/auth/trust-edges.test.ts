// Trusted ranges end exactly at their prefix: the first and last address inside, and the neighbours just outside.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildAddressMatcher } from '../../../gateway/auth/ip-trust.ts';
import { send } from '../http-client.ts';
import { USERS, basic } from '../fixture.ts';
import { startFixture } from '../start-fixture.ts';

/** Each range with its first and last address and the addresses one below and one above it. */
const RANGES: Array<{ range: string; inside: string[]; outside: string[] }> = [
  { range: '10.0.0.0/8', inside: ['10.0.0.0', '10.255.255.255'], outside: ['9.255.255.255', '11.0.0.0'] },
  { range: '172.16.0.0/12', inside: ['172.16.0.0', '172.31.255.255'], outside: ['172.15.255.255', '172.32.0.0'] },
  { range: '192.168.4.0/23', inside: ['192.168.4.0', '192.168.5.255'], outside: ['192.168.3.255', '192.168.6.0'] },
  {
    range: '198.51.100.64/26',
    inside: ['198.51.100.64', '198.51.100.127'],
    outside: ['198.51.100.63', '198.51.100.128'],
  },
  { range: '203.0.113.9/32', inside: ['203.0.113.9'], outside: ['203.0.113.8', '203.0.113.10'] },
  {
    range: '2001:db8:10::/48',
    inside: ['2001:db8:10::', '2001:db8:10:ffff:ffff:ffff:ffff:ffff'],
    outside: ['2001:db8:f:ffff:ffff:ffff:ffff:ffff', '2001:db8:11::'],
  },
  {
    range: '2001:db8:a:c0::/58',
    inside: ['2001:db8:a:c0::', '2001:db8:a:ff:ffff:ffff:ffff:ffff'],
    outside: ['2001:db8:a:bf:ffff:ffff:ffff:ffff', '2001:db8:a:100::'],
  },
  { range: 'fd00::4/127', inside: ['fd00::4', 'fd00::5'], outside: ['fd00::3', 'fd00::6'] },
  { range: '::ffff:192.0.2.128/121', inside: ['192.0.2.128', '192.0.2.255'], outside: ['192.0.2.127', '192.0.3.0'] },
];

const expectations = RANGES.flatMap(({ range, inside, outside }) => [
  ...inside.map((address) => [range, address, true] as const),
  ...outside.map((address) => [range, address, false] as const),
]);

const edges = suite('trusted range edges');

edges('each range admits its first and last address and neither neighbour', () => {
  const seen = expectations.map(([range, address]) => [
    range,
    address,
    buildAddressMatcher([range], 'trusted IP').matches(address),
  ]);
  assert.equal(seen, expectations);
});

edges('the ranges together admit exactly the inside addresses', () => {
  const matcher = buildAddressMatcher(
    RANGES.map(({ range }) => range),
    'trusted IP',
  );
  assert.equal(
    expectations.map(([range, address]) => [range, address, matcher.matches(address)]),
    expectations,
  );
});

edges('over HTTP behind a trusted proxy, the forwarded address one outside a range gets 403', async () => {
  const fixture = await startFixture('trust-edges', {
    access: {
      trustedIps: RANGES.map(({ range }) => range),
      trustedHosts: [],
      proxy: true,
      trustedProxies: ['127.0.0.1'],
    },
  });
  try {
    const seen = [];
    for (const [range, address] of expectations) {
      const response = await send(fixture.gateway.url, '/api/v1/navigation', {
        headers: { Authorization: basic(USERS.editor), 'X-Forwarded-For': address },
      });
      seen.push([range, address, response.status]);
    }
    assert.equal(
      seen,
      expectations.map(([range, address, admitted]) => [range, address, admitted ? 200 : 403]),
    );
  } finally {
    await fixture.gateway.close();
  }
});

edges.run();
