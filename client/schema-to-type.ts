// JSON Schema (the subset openapi.yaml uses) → a TypeScript type expression, for the generated client types.

export type Schema =
  | boolean
  | {
      $ref?: string;
      type?: string | string[];
      enum?: unknown[];
      const?: unknown;
      items?: Schema;
      properties?: Record<string, Schema>;
      required?: string[];
      additionalProperties?: Schema;
      unevaluatedProperties?: Schema;
      allOf?: Schema[];
      oneOf?: Schema[];
      anyOf?: Schema[];
      maxItems?: number;
    };

const PRIMITIVES: Record<string, string> = {
  string: 'string',
  integer: 'number',
  number: 'number',
  boolean: 'boolean',
  null: 'null',
};
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Schema names that would shadow a global of the same name inside the generated module. */
const RENAMED: Record<string, string> = { Error: 'ErrorBody' };

/** A schema's name as a type: `TreeItem`, and `ErrorBody` for `Error`. */
export function typeName(schemaName: string): string {
  return RENAMED[schemaName] ?? schemaName;
}

/** `#/components/schemas/TreeItem` → `TreeItem`. */
export function refName(ref: string): string {
  return typeName(ref.slice(ref.lastIndexOf('/') + 1));
}

function literal(value: unknown): string {
  return JSON.stringify(value).replace(/"/g, "'");
}

function union(types: string[]): string {
  const unique = [...new Set(types)];
  return unique.length === 1
    ? unique[0]!
    : unique.map((type) => (type.includes('=>') ? `(${type})` : type)).join(' | ');
}

function indent(text: string, depth: number): string {
  return text.replace(/\n/g, `\n${'  '.repeat(depth)}`);
}

function objectType(schema: Exclude<Schema, boolean>, depth: number): string {
  const required = new Set(schema.required ?? []);
  const lines = Object.entries(schema.properties ?? {}).map(
    ([name, property]) =>
      `${IDENTIFIER.test(name) ? name : literal(name)}${required.has(name) ? '' : '?'}: ${indent(toType(property, depth + 1), 0)};`,
  );
  // Members of an allOf are closed by the whole (`unevaluatedProperties: false`), so the parts add no index signature.
  const extra = schema.additionalProperties ?? (schema.allOf ? false : (schema.unevaluatedProperties ?? true));
  if (lines.length === 0) return extra === false ? 'Record<string, never>' : `Record<string, ${toType(extra, depth)}>`;
  // Named properties must fit an index signature's type, so further properties are only `unknown`.
  if (extra !== false) lines.push('[key: string]: unknown;');
  const pad = '  '.repeat(depth + 1);
  return `{\n${lines.map((line) => pad + line).join('\n')}\n${'  '.repeat(depth)}}`;
}

/** The type of a schema; `depth` only indents nested object types. */
export function toType(schema: Schema, depth = 0): string {
  if (schema === true) return 'unknown';
  if (schema === false) return 'never';
  if (schema.$ref !== undefined) return refName(schema.$ref);
  if (schema.const !== undefined) return literal(schema.const);
  if (schema.enum !== undefined) return union(schema.enum.map(literal));
  if (schema.oneOf ?? schema.anyOf)
    return union((schema.oneOf ?? schema.anyOf)!.map((member) => toType(member, depth)));
  const parts: string[] = [];
  if (schema.allOf) parts.push(...schema.allOf.map((member) => toType(member, depth)));
  const types =
    schema.type === undefined
      ? schema.properties
        ? ['object']
        : []
      : Array.isArray(schema.type)
        ? schema.type
        : [schema.type];
  const own = types.map((type) => {
    if (type === 'array') return schema.maxItems === 0 ? '[]' : `Array<${toType(schema.items ?? true, depth)}>`;
    if (type === 'object') return objectType(schema, depth);
    return PRIMITIVES[type] ?? 'unknown';
  });
  if (own.length > 0) parts.push(union(own));
  else if (schema.properties) parts.push(objectType(schema, depth));
  return parts.length === 0 ? 'unknown' : parts.join(' & ');
}
