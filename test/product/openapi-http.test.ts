// The gateway serves the snapshot's copy of openapi.yaml without credentials, and its error bodies match the document.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../generator/resident/choose-build.ts';
import { startGateway } from '../../gateway/http/server.ts';
import type { Gateway } from '../../gateway/http/server.ts';
import { send } from '../gateway/http-client.ts';
import { copyFixture, removeDir, temporaryDir } from '../helpers/fixture-site.ts';
import { loadSchemaValidators, OPENAPI_FILE } from './openapi-schemas.ts';

const BASE_URL = 'http://localhost/typemill';
const basic = (user: string, password: string) => ({
  Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
});

interface Served {
  gateway: Gateway;
  close(): Promise<void>;
}

/** Builds the fixture site (optionally editing its settings first) and serves it on a loopback port. */
async function serveFixtureSite(editSettings: (yaml: string) => string = (yaml) => yaml): Promise<Served> {
  const site = await copyFixture('site');
  const out = await temporaryDir('openapi-dist');
  const settingsFile = join(site, 'settings', 'settings.yaml');
  await writeFile(settingsFile, editSettings(await readFile(settingsFile, 'utf8')));
  const outcome = await buildSite({ site, out, baseUrl: BASE_URL });
  assert.ok(outcome.ok, 'the fixture site builds');
  const gateway = await startGateway({ dist: out, port: 0, host: '127.0.0.1', log: () => {} });
  return {
    gateway,
    close: () =>
      gateway.close().finally(() => Promise.all([removeDir(join(site, '..')), removeDir(out)]).then(() => {})),
  };
}

const document = suite('GET /api/v1/openapi.yaml');
let served: Served;
document.before(async () => {
  served = await serveFixtureSite();
});
document.after(() => served.close());

document('answers the document byte for byte, as YAML, without credentials', async () => {
  const response = await send(served.gateway.url, '/api/v1/openapi.yaml');
  assert.is(response.status, 200);
  assert.is(response.headers['content-type'], 'application/yaml; charset=utf-8');
  assert.is(response.text, await readFile(OPENAPI_FILE, 'utf8'));
  assert.match(String(response.headers.etag), /^"[A-Za-z0-9_-]+"$/);
});

document('answers under the base path too, and 304 for a matching If-None-Match', async () => {
  const first = await send(served.gateway.url, '/typemill/api/v1/openapi.yaml');
  assert.is(first.status, 200);
  assert.is(first.text, await readFile(OPENAPI_FILE, 'utf8'));
  const again = await send(served.gateway.url, '/api/v1/openapi.yaml', {
    headers: { 'If-None-Match': String(first.headers.etag) },
  });
  assert.is(again.status, 304);
  assert.is(again.text, '');
});

document('sends the brotli variant when asked', async () => {
  const response = await send(served.gateway.url, '/api/v1/openapi.yaml', { headers: { 'Accept-Encoding': 'br' } });
  assert.is(response.status, 200);
  assert.is(response.headers['content-encoding'], 'br');
  assert.is(response.headers['content-type'], 'application/yaml; charset=utf-8');
});

document('refuses other methods with 405', async () => {
  const response = await send(served.gateway.url, '/api/v1/openapi.yaml', { method: 'POST' });
  assert.is(response.status, 405);
});

const errors = suite('error bodies of the gateway against the OpenAPI schemas');
errors.before(async () => {
  served = await serveFixtureSite();
});
errors.after(() => served.close());

errors('401, 403, 400 and 404 bodies validate against the schemas the document gives them', async () => {
  const validators = await loadSchemaValidators();
  const cases: Array<[string, Record<string, string>, number, string]> = [
    ['/api/v1/navigation', {}, 401, 'Error'],
    ['/api/v1/navigation', basic('admin', 'wrong'), 401, 'Error'],
    ['/api/v1/settings/', basic('member', 'fixture-member'), 403, 'Error'],
    ['/api/v1/article/content', basic('admin', 'fixture-admin'), 400, 'ValidationError'],
    ['/api/v1/users/getbyrole?role=nobody', basic('admin', 'fixture-admin'), 400, 'ValidationError'],
    ['/api/v1/article/item?url=/nowhere', basic('admin', 'fixture-admin'), 404, 'Error'],
  ];
  for (const [path, headers, status, schema] of cases) {
    const response = await send(served.gateway.url, path, { headers });
    assert.is(response.status, status, path);
    const validate = validators.component(schema);
    assert.ok(validate(JSON.parse(response.text)), `${path}: ${response.text} is not a ${schema}`);
  }
});

errors('the health body validates against the Health schema', async () => {
  const validators = await loadSchemaValidators();
  const response = await send(served.gateway.url, '/healthz');
  assert.ok(validators.component('Health')(JSON.parse(response.text)), response.text);
});

const trust = suite('the OpenAPI document and trusted addresses');
trust.before(async () => {
  served = await serveFixtureSite((yaml) => yaml.replace("trustedipsforapi: ''", "trustedipsforapi: '10.0.0.0/8'"));
});
trust.after(() => served.close());

trust('answers 403 to an address outside trustedipsforapi', async () => {
  const response = await send(served.gateway.url, '/api/v1/openapi.yaml');
  assert.is(response.status, 403);
  assert.is(response.text, '{"message":"Access denied: your address is not trusted for API access."}');
});

document.run();
errors.run();
trust.run();
