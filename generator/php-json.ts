// JSON exactly as PHP's json_encode without flags writes it (reference-semantics 12.1, D15).

/** A YAML float that PHP keeps as float: `12.0` stays `12.0` in JSON, where a JS number would print `12`. */
export class PhpFloat {
  constructor(readonly value: number) {}
}

const NON_ASCII = /[\u0080-\uffff]/g;

function encodeString(value: string): string {
  return JSON.stringify(value)
    .replace(/\//g, '\\/')
    .replace(NON_ASCII, (character) => '\\u' + character.charCodeAt(0).toString(16).padStart(4, '0'));
}

function encodeNumber(value: number): string {
  if (!Number.isFinite(value)) return '0';
  return String(value);
}

function encodeFloat(value: number): string {
  if (!Number.isFinite(value)) return '0';
  return Number.isInteger(value) && Math.abs(value) < 1e15 ? `${value}.0` : String(value);
}

export function encodePhpJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return encodeString(value);
  if (typeof value === 'number') return encodeNumber(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof PhpFloat) return encodeFloat(value.value);
  if (Array.isArray(value)) return '[' + value.map(encodePhpJson).join(',') + ']';
  if (typeof value === 'object') {
    const members = Object.entries(value as Record<string, unknown>)
      .filter(([, member]) => member !== undefined)
      .map(([key, member]) => encodeString(key) + ':' + encodePhpJson(member));
    return '{' + members.join(',') + '}';
  }
  return 'null';
}
