// A table Parameter as an OpenAPI parameter: name and presence from the table, the schema from its kind and limits,
// the prose from the endpoint's documentation.
import { MAX_EMAIL_LENGTH, SHARED_PARAMETERS } from '../endpoints.ts';
import type { Parameter } from '../endpoints.ts';
import type { ParameterDoc } from './parameter-doc.ts';
import { SHARED_PARAMETER_DOCS } from './document-head.ts';
import { type JsonObject, schemaRef } from './json.ts';

/** The values a client sends for each kind, as the gateway checks them (gateway/api/parameters.ts). */
const SCHEMA_OF_KIND: Readonly<Record<Parameter['kind'], (parameter: Parameter) => JsonObject>> = {
  // Any value is accepted; only `true` and `1` turn the flag on.
  flag: () => ({ type: 'string', enum: ['true', '1', 'false', '0'] }),
  // A required text is refused when empty, whatever its presence rule.
  text: (parameter) => ({
    type: 'string',
    ...(parameter.required ? { minLength: 1 } : {}),
    ...(parameter.maxLength === undefined ? {} : { maxLength: parameter.maxLength }),
  }),
  integer: (parameter) => ({
    type: 'integer',
    ...(parameter.minimum === undefined ? {} : { minimum: parameter.minimum }),
    ...(parameter.maximum === undefined ? {} : { maximum: parameter.maximum }),
    ...(parameter.default === undefined ? {} : { default: parameter.default }),
  }),
  list: () => ({ type: 'array', minItems: 1, items: { type: 'string' } }),
  role: () => schemaRef('Role'),
  email: () => ({ type: 'string', format: 'email', maxLength: MAX_EMAIL_LENGTH }),
};

export function parameterObject(parameter: Parameter, doc: ParameterDoc = {}): JsonObject {
  return {
    name: parameter.name,
    in: 'query',
    required: parameter.required,
    ...(doc.description === undefined ? {} : { description: doc.description }),
    // `usernames[]=a&usernames[]=b`: PHP's way of writing a list.
    ...(parameter.kind === 'list' ? { style: 'form', explode: true } : {}),
    schema: SCHEMA_OF_KIND[parameter.kind](parameter),
    ...(doc.example === undefined ? {} : { example: doc.example }),
  };
}

/** components/parameters: each shared parameter of the table, described once. */
export function sharedParameterObjects(): Readonly<Record<string, JsonObject>> {
  return Object.fromEntries(
    Object.entries(SHARED_PARAMETERS).map(([name, parameter]) => [
      name,
      parameterObject(parameter, SHARED_PARAMETER_DOCS[name]),
    ]),
  );
}

/** An endpoint's parameter: a reference for a shared one, else the whole object. */
export function operationParameter(parameter: Parameter, doc: ParameterDoc | undefined): JsonObject {
  const shared = Object.entries(SHARED_PARAMETERS).find(([, candidate]) => candidate === parameter)?.[0];
  return shared === undefined ? parameterObject(parameter, doc) : { $ref: `#/components/parameters/${shared}` };
}
