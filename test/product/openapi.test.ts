// The OpenAPI document: valid OpenAPI 3.1, and every golden response body matches the schema of its endpoint.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { FIXTURES } from '../helpers/fixture-site.ts';
import { loadSchemaValidators, OPENAPI_FILE } from './openapi-schemas.ts';

const EXPECTED = join(FIXTURES, 'expected');

/** Golden file name prefix (the request key's kind, see goldenFileName) → the endpoint that answers it. */
const TEXT_ANSWER = 'text';
const ENDPOINT_OF_GOLDEN: ReadonlyArray<readonly [RegExp, string]> = [
  [/^navigation__/, '/api/v1/navigation'],
  [/^content__/, '/api/v1/article/content'],
  [/^meta__/, '/api/v1/article/meta'],
  [/^item__/, '/api/v1/article/item'],
  [/^items__/, '/api/v1/article/items'],
  [/^settings\.json$/, '/api/v1/settings/'],
  [/^mainnavi__/, '/api/v1/mainnavi/'],
  [/^systemnavi__/, '/api/v1/systemnavi/'],
  [/^users__role__/, '/api/v1/users/getbyrole'],
  [/^users__email__/, '/api/v1/users/getbyemail'],
  [/^users__none\.json$/, '/api/v1/users/getbynames'],
  [/^images\.json$/, '/api/v1/images'],
  [/^image__/, '/api/v1/image'],
  [/^files\.json$/, '/api/v1/files'],
  [/^file__/, '/api/v1/file'],
  [/^pagemedia__/, '/api/v1/pagemedia'],
  [/^filerestrictions(__|-none\.json$)/, '/api/v1/filerestrictions'],
  // The AI files are text, not JSON: test/gateway/llms/ checks them.
  [/^(llms|markdown)__/, TEXT_ANSWER],
];

const document = suite('openapi.yaml as an OpenAPI document');

document('is a valid OpenAPI 3.1 document', async () => {
  const validator = new Validator();
  const result = await validator.validate(OPENAPI_FILE);
  assert.equal(result.errors ?? [], []);
  assert.ok(result.valid);
  assert.is(validator.version, '3.1');
});

document(
  'describes the twenty-two endpoints, the media files, the health check and itself, each with GET only',
  async () => {
    const validator = new Validator();
    await validator.validate(OPENAPI_FILE);
    const paths = (validator.specification as { paths: Record<string, Record<string, unknown>> }).paths;
    assert.equal(
      Object.keys(paths).sort(),
      [
        '/api/v1/article/content',
        '/api/v1/changes',
        '/api/v1/article/item',
        '/api/v1/article/items',
        '/api/v1/article/meta',
        '/api/v1/mainnavi/',
        '/api/v1/navigation',
        '/api/v1/openapi.yaml',
        '/api/v1/search',
        '/api/v1/settings/',
        '/api/v1/systemnavi/',
        '/api/v1/users/getbyemail',
        '/api/v1/users/getbynames',
        '/api/v1/users/getbyrole',
        '/healthz',
        '/api/v1/file',
        '/api/v1/filerestrictions',
        '/api/v1/files',
        '/api/v1/image',
        '/api/v1/images',
        '/api/v1/pagemedia',
        '/llms.txt',
        '/llms-full.txt',
        '/{url}.md',
        '/media/files/{name}',
        '/media/live/{name}',
        '/media/thumbs/{name}',
      ].sort(),
    );
    // A media path declares its `{name}` once for the path, beside its one operation.
    for (const [path, operations] of Object.entries(paths))
      assert.equal(
        Object.keys(operations).filter((key) => key !== 'parameters'),
        ['get'],
        path,
      );
  },
);

const bodies = suite('golden bodies against the OpenAPI schemas');

bodies('every golden body validates against the 200 schema of its endpoint', async () => {
  const validators = await loadSchemaValidators();
  const files = (await readdir(EXPECTED)).sort();
  assert.ok(files.length > 100, `only ${files.length} golden files`);
  for (const file of files) {
    const endpoint = ENDPOINT_OF_GOLDEN.find(([pattern]) => pattern.test(file))?.[1];
    assert.ok(endpoint, `no endpoint for golden file ${file}`);
    if (endpoint === TEXT_ANSWER) continue;
    const validate = validators.successBody(endpoint ?? '');
    const valid = validate(JSON.parse(await readFile(join(EXPECTED, file), 'utf8')));
    assert.ok(valid, `${file} does not match ${endpoint}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
  }
});

bodies('a file item with folder fields, or an item with an unknown field, does not validate', async () => {
  const validators = await loadSchemaValidators();
  const item = validators.component('Item');
  const golden = JSON.parse(await readFile(join(EXPECTED, 'item__~contact.json'), 'utf8')) as {
    item: Record<string, unknown>;
  };
  assert.ok(item(golden.item), 'the golden file item validates');
  assert.not.ok(item({ ...golden.item, folderContent: [] }), 'a file with folderContent');
  assert.not.ok(item({ ...golden.item, extra: 1 }), 'an unknown field');
  assert.not.ok(item({ ...golden.item, elementType: 'folder' }), 'a folder without children');
});

document.run();
bodies.run();
