// Trusted IPs, hosts and proxies over real HTTP: single address, CIDR, IPv6, IPv4-mapped, X-Forwarded-For.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { send } from '../http-client.ts';
import type { RequestOptions } from '../http-client.ts';
import { USERS, basic } from '../fixture.ts';
import { startFixture } from '../start-fixture.ts';
import type { AccessSettings } from '../../../contract/snapshot.ts';
import type { GatewayOptions } from '../../../gateway/http/server.ts';

const EDITOR = { Authorization: basic(USERS.editor) };
const UNTRUSTED = '{"message":"Access denied: your address is not trusted for API access."}';

async function statusFor(
  access: Partial<AccessSettings>,
  request: RequestOptions = {},
  options: Partial<GatewayOptions> = {},
  path = '/api/v1/navigation',
) {
  const fixture = await startFixture('trust', { access }, options);
  try {
    const response = await send(fixture.gateway.url, path, { headers: EDITOR, ...request });
    return response.status === 403 ? [403, response.text] : [response.status];
  } finally {
    await fixture.gateway.close();
  }
}

const TrustedIps = suite('trusted IPs');

TrustedIps('lets every address in when no trusted IPs or hosts are configured', async () => {
  assert.equal(await statusFor({}), [200]);
});

TrustedIps('admits a listed single address and a matching CIDR range', async () => {
  assert.equal(await statusFor({ trustedIps: ['192.0.2.1', '127.0.0.1'] }), [200]);
  assert.equal(await statusFor({ trustedIps: [' 127.0.0.0/8 '] }), [200]);
});

TrustedIps('refuses other addresses with 403 before asking for credentials', async () => {
  assert.equal(await statusFor({ trustedIps: ['10.0.0.0/8', '127.0.0.2'] }), [403, UNTRUSTED]);
  assert.equal(await statusFor({ trustedIps: ['10.0.0.1'] }, { headers: {} }), [403, UNTRUSTED]);
});

TrustedIps('applies to /healthz as well', async () => {
  assert.equal(await statusFor({ trustedIps: ['10.0.0.1'] }, { headers: {} }, {}, '/healthz'), [403, UNTRUSTED]);
  assert.equal(await statusFor({ trustedIps: ['127.0.0.1'] }, { headers: {} }, {}, '/healthz'), [200]);
});

TrustedIps('matches IPv6 peers against IPv6 addresses and ranges', async () => {
  assert.equal(await statusFor({ trustedIps: ['::1'] }, {}, { host: '::1' }), [200]);
  assert.equal(await statusFor({ trustedIps: ['::/127'] }, {}, { host: '::1' }), [200]);
  assert.equal(await statusFor({ trustedIps: ['::2', '127.0.0.1'] }, {}, { host: '::1' }), [403, UNTRUSTED]);
});

TrustedIps('compares IPv4-mapped IPv6 peers as IPv4', async () => {
  const viaDualStack = { host: '127.0.0.1' };
  assert.equal(await statusFor({ trustedIps: ['127.0.0.1'] }, viaDualStack, { host: '::' }), [200]);
  assert.equal(await statusFor({ trustedIps: ['::ffff:127.0.0.1'] }, viaDualStack, { host: '::' }), [200]);
  assert.equal(await statusFor({ trustedIps: ['::ffff:127.0.0.0/104'] }, viaDualStack, { host: '::' }), [200]);
  assert.equal(await statusFor({ trustedIps: ['10.0.0.0/8'] }, viaDualStack, { host: '::' }), [403, UNTRUSTED]);
});

TrustedIps('refuses to start with a trusted IP that is not an address, quoting it', async () => {
  try {
    await startFixture('bad-ip', { access: { trustedIps: ['10.0.0.300'] } });
    assert.unreachable('the gateway started');
  } catch (error) {
    assert.match(String(error), 'trusted IP "10.0.0.300" is not an address or CIDR range');
  }
});

const TrustedHosts = suite('trusted hosts');

TrustedHosts('admits addresses the trusted host names resolve to', async () => {
  const lookup = async (host: string) => (host === 'ci.example.org' ? ['192.0.2.7', '127.0.0.1'] : []);
  assert.equal(await statusFor({ trustedHosts: ['ci.example.org'] }, {}, { lookup }), [200]);
  assert.equal(await statusFor({ trustedHosts: ['other.example.org'] }, {}, { lookup }), [403, UNTRUSTED]);
});

TrustedHosts('resolves localhost with the system resolver', async () => {
  assert.equal(await statusFor({ trustedHosts: ['localhost'] }), [200]);
});

TrustedHosts('trusts nobody through a host that does not resolve and logs why', async () => {
  const lookup = async () => {
    throw new Error('ENOTFOUND');
  };
  const fixture = await startFixture('bad-host', { access: { trustedHosts: ['gone.example.org'] } }, { lookup });
  try {
    const response = await send(fixture.gateway.url, '/api/v1/navigation', { headers: EDITOR });
    assert.equal([response.status, response.text], [403, UNTRUSTED]);
    assert.equal(fixture.logs[0]?.event, 'snapshot-warning');
    assert.is(fixture.logs[0]?.warning, 'trusted host did not resolve: gone.example.org: ENOTFOUND');
  } finally {
    await fixture.gateway.close();
  }
});

const Proxies = suite('trusted proxies and X-Forwarded-For');
const BEHIND_PROXY: Partial<AccessSettings> = {
  trustedIps: ['203.0.113.0/24'],
  proxy: true,
  trustedProxies: ['127.0.0.1', '198.51.100.9'],
};
const forwarded = (value: string) => ({ headers: { ...EDITOR, 'X-Forwarded-For': value } });

Proxies('believes X-Forwarded-For from a trusted proxy', async () => {
  assert.equal(await statusFor(BEHIND_PROXY, forwarded('203.0.113.7')), [200]);
  assert.equal(await statusFor(BEHIND_PROXY, forwarded('10.9.9.9, 203.0.113.7, 198.51.100.9')), [200]);
});

Proxies('takes the rightmost address that is not a trusted proxy', async () => {
  assert.equal(await statusFor(BEHIND_PROXY, forwarded('203.0.113.7, 192.0.2.1')), [403, UNTRUSTED]);
  assert.equal(await statusFor(BEHIND_PROXY, forwarded('203.0.113.7, not-an-address')), [403, UNTRUSTED]);
});

Proxies('ignores X-Forwarded-For when proxy is off or the peer is not a trusted proxy', async () => {
  assert.equal(await statusFor({ ...BEHIND_PROXY, proxy: false }, forwarded('203.0.113.7')), [403, UNTRUSTED]);
  assert.equal(await statusFor({ ...BEHIND_PROXY, trustedProxies: ['10.0.0.1'] }, forwarded('203.0.113.7')), [
    403,
    UNTRUSTED,
  ]);
});

Proxies('treats every peer as a proxy when the proxy list is empty', async () => {
  assert.equal(await statusFor({ ...BEHIND_PROXY, trustedProxies: [] }, forwarded('192.0.2.1, 203.0.113.7')), [200]);
});

TrustedIps.run();
TrustedHosts.run();
Proxies.run();
