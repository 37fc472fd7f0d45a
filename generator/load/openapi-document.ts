// The OpenAPI document shipped with snapi, copied into every snapshot so the gateway never reads outside it.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { KEYS, keyOf } from '../../contract/endpoints.ts';
import { moduleFolderOf } from '../running-code.ts';
import type { BuiltResponse } from '../types.ts';

export const OPENAPI_FILE = resolve(moduleFolderOf(import.meta.dirname), '..', '..', 'openapi.yaml');

export async function openApiResponse(file: string = OPENAPI_FILE): Promise<BuiltResponse> {
  return { key: keyOf(KEYS.openapi), body: await readFile(file, 'utf8') };
}
