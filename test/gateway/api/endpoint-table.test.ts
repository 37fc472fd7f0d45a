// The endpoint table drives routing, snapshot keys, the change report and OpenAPI: an endpoint added to one and
// not the others fails here.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import {
  ENDPOINTS,
  KEYS,
  MEDIA_ROUTES,
  SERVICE_ROUTES,
  identifyKey,
  keyOf,
  requestPathOf,
} from '../../../gateway/api/endpoints.ts';
import type { KeyKind, Route } from '../../../gateway/api/endpoints.ts';
import { matchRoute } from '../../../gateway/api/routes.ts';
import { parseQuery, stringParameter } from '../../../gateway/http/query.ts';
import { buildSite } from '../../../generator/resident/choose-build.ts';
import { copyFixture, removeDir, temporaryDir } from '../../helpers/fixture-site.ts';
import { readSnapshot } from '../../helpers/snapshot-bodies.ts';
import { OPENAPI_FILE } from '../../product/openapi-schemas.ts';

const ROUTES: Route[] = [...Object.values(ENDPOINTS), ...Object.values(SERVICE_ROUTES), ...Object.values(MEDIA_ROUTES)];
const SAMPLE_VALUES: Record<KeyKind['value'], string[]> = {
  none: [''],
  url: ['/', '/guides/faq', '/a:b/c d', '/ü'],
  slug: ['faq', 'with:colon'],
  role: ['member', 'administrator'],
  email: ['erik.editor@example.org'],
  name: ['dashboard.png', 'with space & ü.pdf'],
  path: ['/00-getting-started/index', 'media/files/report.pdf'],
};

const keys = suite('snapshot keys');

keys('every key kind reads back as the kind and value it was written from', () => {
  for (const kind of Object.values(KEYS)) {
    for (const value of SAMPLE_VALUES[kind.value]) {
      const identity = identifyKey(keyOf(kind, value));
      assert.is(identity?.kind, kind, `${kind.prefix} ${value}`);
      assert.is(identity?.value, value);
    }
  }
});

keys('every key kind belongs to exactly one route of the table, and no two kinds share a prefix', () => {
  const owners = Object.values(KEYS).map(
    (kind) => ROUTES.filter((route) => Object.values(route.keys).includes(kind)).length,
  );
  assert.ok(
    owners.every((count) => count >= 1),
    'a key kind no route reads',
  );
  const prefixes = Object.values(KEYS).map((kind) => kind.prefix);
  assert.equal(new Set(prefixes).size, prefixes.length);
});

keys('every key a build of the fixture site writes is a key of the table', async () => {
  const site = await copyFixture('site');
  const out = await temporaryDir('endpoint-table-dist');
  try {
    const outcome = await buildSite({ site, out, baseUrl: 'http://localhost/typemill' });
    assert.ok(outcome.ok);
    const { bodies } = await readSnapshot(out);
    const unknown = [...bodies.keys()].filter((key) => identifyKey(key) === undefined);
    assert.equal(unknown, []);
    const kindsWritten = new Set([...bodies.keys()].map((key) => identifyKey(key)?.kind));
    assert.equal(
      Object.entries(KEYS)
        .filter(([, kind]) => !kindsWritten.has(kind))
        .map(([name]) => name),
      [],
    );
  } finally {
    await removeDir(join(site, '..'));
    await removeDir(out);
  }
});

const purge = suite('purge paths of the change report');

purge('each cached key kind has a purge path that the router sends back to its own route with the same value', () => {
  for (const kind of Object.values(KEYS)) {
    for (const value of SAMPLE_VALUES[kind.value]) {
      const identity = identifyKey(keyOf(kind, value));
      const path = identity && requestPathOf(identity, '/handbook');
      if (kind.query === undefined) {
        assert.is(path, undefined, kind.prefix);
        continue;
      }
      assert.ok(path?.startsWith('/handbook/api/v1/') || path?.startsWith('/handbook/healthz'), path);
      const [pathname = '', queryString = ''] = (path ?? '').split('?');
      const route = matchRoute(pathname, '/handbook');
      // The router answers with the gateway's entry (the contract's entry with its answer): the same path.
      const expected = identity?.route === SERVICE_ROUTES.openapi ? 'openapi' : identity?.route.path;
      assert.is(typeof route === 'object' && route !== null && 'path' in route ? route.path : route, expected, path);
      const parameter = identity?.route.parameters.find((candidate) => candidate.required)?.name;
      // One body per role, none, or a search shard (any shard purges every search): the path carries no value.
      if (parameter !== undefined && queryString !== '')
        assert.is(stringParameter(parseQuery(queryString), parameter), value, path);
    }
  }
});

purge('user answers are never cached, so they have no purge path', () => {
  for (const kind of [KEYS.usersByRole, KEYS.usersByEmail, KEYS.noUsers]) assert.is(kind.query, undefined);
  for (const endpoint of [ENDPOINTS.usersByNames, ENDPOINTS.usersByRole, ENDPOINTS.usersByEmail])
    assert.is(endpoint.cacheControl, 'private, no-store');
});

const openapi = suite('openapi.yaml against the table');

interface OpenApiParameter {
  name: string;
  required?: boolean;
  $ref?: string;
}

openapi(
  'describes exactly the routes of the table, written as clients write them, with the same parameters',
  async () => {
    const document = parse(await readFile(OPENAPI_FILE, 'utf8')) as {
      paths: Record<string, { get: { parameters?: OpenApiParameter[] } }>;
      components: { parameters: Record<string, OpenApiParameter> };
    };
    const documented = (route: Route) => (route.trailingSlash ? `${route.path}/` : route.path);
    assert.equal(Object.keys(document.paths).sort(), ROUTES.map(documented).sort());
    for (const route of ROUTES) {
      const parameters = (document.paths[documented(route)]?.get.parameters ?? [])
        .map((parameter) =>
          parameter.$ref ? document.components.parameters[parameter.$ref.split('/').pop() ?? ''] : parameter,
        )
        .map((parameter) => ({ name: parameter?.name ?? '', required: parameter?.required ?? false }));
      assert.equal(
        parameters,
        route.parameters.map(({ name, required }) => ({ name, required })),
        route.path,
      );
    }
  },
);

keys.run();
purge.run();
openapi.run();
