// The shape of the OpenAPI document's parts: plain JSON values, so the document is data the generator only assembles.
export type Json = string | number | boolean | null | readonly Json[] | JsonObject;
export type JsonObject = { readonly [key: string]: Json };

/** `#/components/schemas/TreeItem`: a reference to a named part of the document. */
export const schemaRef = (name: string): JsonObject => ({ $ref: `#/components/schemas/${name}` });
export const responseRef = (name: string): JsonObject => ({ $ref: `#/components/responses/${name}` });

/** An answer object with exactly these properties, all required: `{ "navigation": [...] }`. */
export function bodyObject(properties: Readonly<Record<string, JsonObject>>): JsonObject {
  return { type: 'object', required: Object.keys(properties), additionalProperties: false, properties };
}

/** A JSON error answer of `components/schemas/Error` with an example message. */
export function errorAnswer(description: string, message: string): JsonObject {
  return { description, content: { 'application/json': { schema: schemaRef('Error'), example: { message } } } };
}

/** A long list of property names, written as one line of words: `names('title routename url')`. */
export const names = (words: string): string[] => words.split(' ');
