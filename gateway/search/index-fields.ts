// Checks of the stored search index's fields as they are read (unknown until checked); a failure names the field.

export type Json = Record<string, unknown>;

export function fail(where: string, problem: string): never {
  throw new Error(`search index ${where}: ${problem}`);
}

export function record(value: unknown, where: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(where, 'expected an object');
  return value as Json;
}

export function text(value: unknown, where: string): string {
  if (typeof value !== 'string') fail(where, 'expected a string');
  return value;
}

export function count(value: unknown, where: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    fail(where, 'expected a non-negative integer');
  return value;
}
