// The gateway refuses nothing the build accepted: every fixture site, and settings at the edges of what the gateway
// takes, either fail the build or give a snapshot the gateway's loader accepts.
import { cp, mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite, formatProblem } from '../../generator/resident/choose-build.ts';
import { loadSnapshot } from '../../gateway/snapshot/snapshot-loader.ts';
import { copyFixture, FIXTURES, removeDir, temporaryDir } from '../helpers/fixture-site.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
/** Trusted host names are looked up at load; these tests stay off the network. */
const lookup = async () => ['192.0.2.10'];

/** `loaded <snapshot id>` or `refused: <first build error>` for the site at `site`. */
async function buildThenLoad(site: string, out: string): Promise<string> {
  const outcome = await buildSite({ site, out, baseUrl: 'http://localhost:8080', workers: 0 });
  if (!outcome.ok) return `refused: ${formatProblem(outcome.errors[0]!)}`;
  const state = await loadSnapshot(out, { lookup });
  assert.is(state.snapshot.id, outcome.published.id);
  return 'loaded';
}

const Fixtures = suite('build, then load in the gateway');

Fixtures('each fixture site either fails the build or loads in the gateway', async () => {
  const outcomes: Record<string, string> = {};
  for (const name of ['site', 'front-matter', 'broken-yaml', 'broken-draft']) {
    const site = await copyFixture(name);
    try {
      outcomes[name] = (await buildThenLoad(site, join(site, '..', 'dist'))).replace(/YAML: .*/, 'YAML: …');
    } finally {
      await removeDir(join(site, '..'));
    }
  }
  assert.equal(outcomes, {
    site: 'loaded',
    'front-matter': 'loaded',
    'broken-yaml': 'refused: content/00-page.yaml:3: YAML: …',
    'broken-draft': 'refused: content/00-page.txt:1: draft must be a JSON array of block strings',
  });
});

Fixtures('the sample site at the repository root loads in the gateway', async () => {
  const folder = await temporaryDir('sample-load');
  try {
    assert.is(await buildThenLoad(ROOT, join(folder, 'dist')), 'loaded');
  } finally {
    await removeDir(folder);
  }
});

/** Trust settings the gateway accepts, each written as Typemill stores it; and ones it refuses. */
const SETTINGS_CASES: Array<[string, string]> = [
  [
    "trustedipsforapi: '10.0.0.1, 10.1.0.0/16, 2001:db8::/32, ::ffff:192.0.2.1, ::ffff:192.0.2.0/120'\ntrustedhostsforapi: 'ci.example.org'\nproxy: true\ntrustedproxies: '127.0.0.1'\n",
    'loaded',
  ],
  ["trustedipsforapi:\n  - 10.0.0.1\n  - '2001:db8::1'\n", 'loaded'],
  [
    "trustedipsforapi: '10.0.0.1/33'\n",
    'refused: settings/settings.yaml:2: trustedipsforapi: trusted IP "10.0.0.1/33" is not an address or CIDR range (…); the gateway would refuse this snapshot',
  ],
  [
    "trustedipsforapi: '10.0.0.1, example.org, 300.1.1.1'\n",
    'refused: settings/settings.yaml:2: trustedipsforapi: trusted IP "example.org", "300.1.1.1" are not addresses or CIDR ranges (…); the gateway would refuse this snapshot',
  ],
  [
    "proxy: true\ntrustedproxies: '10.0.0.0/8/1'\n",
    'refused: settings/settings.yaml:3: trustedproxies: trusted proxy "10.0.0.0/8/1" is not an address or CIDR range (…); the gateway would refuse this snapshot',
  ],
];

Fixtures(
  'trust settings: what the build accepts loads, what the gateway would refuse fails the build at its line',
  async () => {
    const folder = await temporaryDir('trust-settings');
    try {
      const outcomes: string[] = [];
      for (const [index, [settings]] of SETTINGS_CASES.entries()) {
        const site = join(folder, `site-${index}`);
        await mkdir(join(site, 'settings'), { recursive: true });
        await cp(join(FIXTURES, 'site', 'content'), join(site, 'content'), { recursive: true });
        await cp(join(FIXTURES, 'site', 'settings', 'users'), join(site, 'settings', 'users'), { recursive: true });
        await writeFile(join(site, 'settings', 'settings.yaml'), `title: Trust\n${settings}`);
        outcomes.push((await buildThenLoad(site, join(site, 'dist'))).replace(/\(write .*?\)/, '(…)'));
      }
      assert.equal(
        outcomes,
        SETTINGS_CASES.map(([, expected]) => expected),
      );
    } finally {
      await removeDir(folder);
    }
  },
);

Fixtures.run();
