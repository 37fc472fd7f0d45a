// JSON exactly as PHP's json_encode without flags writes it (reference-semantics 12.1, D15).

/** A YAML float: PHP prints it with its own float rules (`1.0e+20`), where a JS number would print `100000000000000000000`. */
export class PhpFloat {
  constructor(readonly value: number) {}
}

const NON_ASCII = /[\u0080-\uffff]/g;

function encodeString(value: string): string {
  return JSON.stringify(value)
    .replace(/\//g, '\\/')
    .replace(NON_ASCII, (character) => '\\u' + character.charCodeAt(0).toString(16).padStart(4, '0'));
}

/** php_gcvt with serialize_precision -1: shortest digits; exponent form when the decimal point is
 *  left of 10^-4 or right of 10^17. Without JSON_PRESERVE_ZERO_FRACTION, 12.0 prints as `12`. */
function encodeFloat(value: number): string {
  if (!Number.isFinite(value)) return '0';
  if (value === 0) return Object.is(value, -0) ? '-0' : '0';
  const [mantissa = '0', exponentText = '0'] = Math.abs(value).toExponential().split('e');
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent > 16) {
    const digits = mantissa.replace('.', '');
    return `${value < 0 ? '-' : ''}${digits.slice(0, 1)}.${digits.slice(1) || '0'}e${exponent < 0 ? '-' : '+'}${Math.abs(exponent)}`;
  }
  return String(value);
}

function encodeNumber(value: number): string {
  return Number.isInteger(value) && Math.abs(value) < 2 ** 63 ? String(value) : encodeFloat(value);
}

/** A PHP array whose keys are exactly 0..n-1 (also the empty array) is a JSON list. */
function isPhpList(members: ReadonlyArray<[string, unknown]>): boolean {
  return members.every(([key], index) => key === String(index));
}

export function encodePhpJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return encodeString(value);
  if (typeof value === 'number') return encodeNumber(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof PhpFloat) return encodeFloat(value.value);
  if (Array.isArray(value)) return '[' + value.map(encodePhpJson).join(',') + ']';
  if (typeof value === 'object') {
    const defined = Object.entries(value as Record<string, unknown>).filter(([, member]) => member !== undefined);
    if (isPhpList(defined)) return '[' + defined.map(([, member]) => encodePhpJson(member)).join(',') + ']';
    return '{' + defined.map(([key, member]) => encodeString(key) + ':' + encodePhpJson(member)).join(',') + '}';
  }
  return 'null';
}
