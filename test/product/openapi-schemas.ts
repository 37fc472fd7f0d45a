// Test helper: the OpenAPI document loaded into ajv (2020-12), and a validator per endpoint's 200 body.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { parse } from 'yaml';

export const OPENAPI_FILE = resolve(import.meta.dirname, '..', '..', 'openapi.yaml');
const DOCUMENT_ID = 'https://snapi.invalid/openapi.json';

/** `/api/v1/article/item` → `~1api~1v1~1article~1item` (JSON pointer escaping). */
function pointerSegment(text: string): string {
  return text.replace(/~/g, '~0').replace(/\//g, '~1');
}

export interface SchemaValidators {
  /** The schema of the 200 JSON body of a path's GET operation. */
  successBody(path: string): ValidateFunction;
  /** A schema of `components/schemas`. */
  component(name: string): ValidateFunction;
}

export async function loadSchemaValidators(): Promise<SchemaValidators> {
  const document = parse(await readFile(OPENAPI_FILE, 'utf8')) as Record<string, unknown>;
  // strict off: the OpenAPI keywords around the schemas (paths, responses…) are not JSON Schema keywords.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  const compile = (pointer: string): ValidateFunction => {
    const validate = ajv.getSchema(`${DOCUMENT_ID}#${pointer}`);
    if (!validate) throw new Error(`openapi.yaml has no schema at ${pointer}`);
    return validate;
  };
  const successResponse = (path: string): string => {
    const paths = document.paths as Record<string, { get?: { responses?: Record<string, { $ref?: string }> } }>;
    const response = paths[path]?.get?.responses?.['200'];
    if (!response) throw new Error(`openapi.yaml has no 200 response for GET ${path}`);
    return response.$ref ? response.$ref.replace(/^#/, '') : `/paths/${pointerSegment(path)}/get/responses/200`;
  };
  return {
    successBody: (path) => compile(`${successResponse(path)}/content/application~1json/schema`),
    component: (name) => compile(`/components/schemas/${name}`),
  };
}
