// The wrk load's Lua script and its reading of bash's `times`: what the gateway rows send and how wrk's CPU is read.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { childCpuMs, wrkScript } from './wrk-load.ts';

test('the script lists the mix in order with each request headers, as Lua strings', () => {
  const script = wrkScript([
    {
      path: '/api/v1/article/content?url=%2Fa%22b',
      headers: { Authorization: 'Basic YTpi', 'Accept-Encoding': 'gzip, br' },
    },
    { path: '/api/v1/navigation' },
  ]);
  const mix = script.slice(0, script.indexOf('\n}\n') + 3);
  assert.is(
    mix,
    'local mix = {\n' +
      '{"/api/v1/article/content?url=%2Fa%22b",{["Authorization"]="Basic YTpi",["Accept-Encoding"]="gzip, br"}},\n' +
      '{"/api/v1/navigation",{}}\n}\n',
  );
  assert.ok(script.includes('position = position % #formatted + 1'));
  assert.ok(script.includes('latency:percentile(99)'));
});

test('a quote or backslash is escaped; a character outside printable ASCII is refused', () => {
  assert.ok(wrkScript([{ path: '/a"b\\c' }]).includes('{"/a\\"b\\\\c",{}}'));
  assert.throws(() => wrkScript([{ path: '/é' }]), /wrk-load: not printable ASCII: "\/é"/);
  assert.throws(() => wrkScript([{ path: '/a', headers: { X: 'line\nbreak' } }]), /not printable ASCII/);
});

test("wrk's CPU is the user and system time of the shell's children, the second line of `times`", () => {
  assert.is(childCpuMs('0m0.001s 0m0.002s\n0m1.250s 0m0.750s\n'), 2000);
  assert.is(childCpuMs('0m0.000s 0m0.000s\n1m2.500s 0m0.500s'), 63_000);
  assert.ok(Number.isNaN(childCpuMs('')));
});

test.run();
