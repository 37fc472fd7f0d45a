// openapi.yaml is generated from the endpoint table: the committed file is what the generator writes today, and the
// parts the table declares (roles, parameter limits, 400 messages) reach the document.
import { readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { ENDPOINT_SPECS, MAX_EMAIL_LENGTH, SEARCH_LIMITS } from '../../contract/endpoints.ts';
import { OPENAPI_FILE, openApiDocument, openApiText } from '../../contract/openapi/generate-openapi.ts';
import { documentedPath } from '../../contract/openapi/operations.ts';

interface Operation {
  summary: string;
  parameters?: Array<{ name?: string; $ref?: string; schema?: Record<string, unknown> }>;
  responses: Record<string, { $ref?: string }>;
}
const DOCUMENT = openApiDocument() as unknown as {
  paths: Record<string, { get: Operation }>;
  components: { responses: Record<string, { description: string }> };
};
const operationOf = (path: string): Operation => DOCUMENT.paths[path]!.get;
const parameterOf = (path: string, name: string) =>
  operationOf(path).parameters?.find((parameter) => parameter.name === name);

/** The first line where two texts part, to name in the failure. */
function firstDifference(committed: string, generated: string): string {
  const committedLines = committed.split('\n');
  const generatedLines = generated.split('\n');
  const line = committedLines.findIndex((text, index) => text !== generatedLines[index]);
  const at = line === -1 ? committedLines.length : line;
  const quoted = (lines: string[]) => JSON.stringify(lines[at]);
  return `line ${at + 1}: committed ${quoted(committedLines)}, generated ${quoted(generatedLines)}`;
}

const generated = suite('openapi.yaml as generated');

generated('the committed file is what npm run generate:openapi writes from the table today', () => {
  const committed = readFileSync(OPENAPI_FILE, 'utf8');
  const text = openApiText();
  assert.ok(
    committed === text,
    `openapi.yaml is out of date with contract/endpoints.ts and contract/openapi/: run npm run generate:openapi ` +
      `(${firstDifference(committed, text)})`,
  );
});

generated('the YAML text reads back as the document, nothing lost in writing it', () => {
  assert.equal(parse(openApiText()), JSON.parse(JSON.stringify(DOCUMENT)));
});

const derived = suite('what the document takes from the table');

derived("each endpoint's summary names the table's minimum role", () => {
  for (const spec of Object.values(ENDPOINT_SPECS)) {
    const note = spec.minRole === 'administrator' ? '(administrator)' : `(minimum role ${spec.minRole})`;
    assert.ok(operationOf(documentedPath(spec)).summary.endsWith(note), `${spec.path}: ${note}`);
  }
});

derived("each endpoint lists the table's parameters, in table order", () => {
  for (const spec of Object.values(ENDPOINT_SPECS)) {
    const names = (operationOf(documentedPath(spec)).parameters ?? []).map(
      (parameter) => parameter.name ?? parameter.$ref?.split('/').pop(),
    );
    assert.equal(
      names,
      spec.parameters.map((parameter) => parameter.name),
      spec.path,
    );
  }
});

derived("the search and email parameters carry the table's limits", () => {
  assert.equal(parameterOf('/api/v1/search', 'q')?.schema, {
    type: 'string',
    minLength: 1,
    maxLength: SEARCH_LIMITS.maxQueryLength,
  });
  assert.equal(parameterOf('/api/v1/search', 'limit')?.schema, {
    type: 'integer',
    minimum: 1,
    maximum: SEARCH_LIMITS.maxLimit,
    default: SEARCH_LIMITS.defaultLimit,
  });
  assert.is(parameterOf('/api/v1/users/getbyemail', 'email')?.schema?.maxLength, MAX_EMAIL_LENGTH);
});

derived("the shared 400 answers quote every message of the table's parameters they cover", () => {
  const { BadRequest, MediaBadRequest } = DOCUMENT.components.responses;
  for (const spec of Object.values(ENDPOINT_SPECS)) {
    const refusal = operationOf(documentedPath(spec)).responses['400']?.$ref?.split('/').pop();
    if (refusal !== 'BadRequest' && refusal !== 'MediaBadRequest') continue;
    const description = (refusal === 'BadRequest' ? BadRequest : MediaBadRequest)?.description ?? '';
    for (const parameter of spec.parameters)
      for (const message of [parameter.missing?.message, parameter.invalid])
        if (message !== undefined) assert.ok(description.includes(`\`${message}\``), `${spec.path}: ${message}`);
  }
});

derived('only endpoints with a parameter the gateway can refuse document a 400', () => {
  const neverRefused = [
    '/api/v1/navigation',
    '/api/v1/settings/',
    '/api/v1/mainnavi/',
    '/api/v1/systemnavi/',
    '/api/v1/images',
    '/api/v1/files',
    '/api/v1/filerestrictions',
    '/llms.txt',
    '/llms-full.txt',
    '/{url}.md',
  ];
  for (const spec of Object.values(ENDPOINT_SPECS)) {
    const path = documentedPath(spec);
    assert.is('400' in operationOf(path).responses, !neverRefused.includes(path), path);
  }
});

generated.run();
derived.run();
