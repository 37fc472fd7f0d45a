// JSON exactly as PHP's json_encode without flags writes it
// (docs/typemill.md: JSON is encoded as PHP's json_encode encodes it).

/** A YAML float: PHP prints it with its own float rules (`1.0e+20`), where a JS number would print
 *  `100000000000000000000`. */
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

/** The reference encoder, one value at a time; the fast path below falls back to it when a string looks like its float
 *  marker. */
function encodeValue(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return encodeString(value);
  if (typeof value === 'number') return encodeNumber(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof PhpFloat) return encodeFloat(value.value);
  if (Array.isArray(value)) return '[' + value.map(encodeValue).join(',') + ']';
  if (typeof value === 'object') {
    const defined = Object.entries(value as Record<string, unknown>).filter(([, member]) => member !== undefined);
    if (isPhpList(defined)) return '[' + defined.map(([, member]) => encodeValue(member)).join(',') + ']';
    return '{' + defined.map(([key, member]) => encodeString(key) + ':' + encodeValue(member)).join(',') + '}';
  }
  return 'null';
}

// The fast path: one native JSON.stringify for the whole value, then one pass each for `/` and non-ASCII
// (in JSON text both occur only inside strings). Numbers PHP prints differently travel as marked strings.
const FLOAT_MARK = '\u0000php-float:';
const MARKED_FLOAT = /"\\u0000php-float:([^"]*)"/g;
const HAS_NON_ASCII = /[\u0080-\uffff]/;
const EMPTY_LIST: readonly unknown[] = [];
let markedFloats = 0;

function markFloat(value: number): number | string {
  const text = encodeFloat(value);
  if (text === String(value)) return value;
  markedFloats++;
  return FLOAT_MARK + text;
}

/** An object as PHP sees an array: undefined members dropped, keys 0..n-1 make a list. */
function phpArray(value: Record<string, unknown>): unknown {
  const keys = Object.keys(value);
  if (keys[0] !== '0') {
    // Integer keys come first, so without a key "0" the defined members can only form the empty list.
    for (const key of keys) if (value[key] !== undefined) return value;
    return EMPTY_LIST;
  }
  const defined = keys.filter((key) => value[key] !== undefined);
  for (let index = 0; index < defined.length; index++) if (defined[index] !== String(index)) return value;
  return defined.map((key) => value[key]);
}

function phpReplacer(_key: string, value: unknown): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'undefined':
      return value;
    case 'number':
      return Number.isInteger(value) && Math.abs(value) < 2 ** 63 ? value : markFloat(value);
    case 'object':
      if (value === null || Array.isArray(value)) return value;
      if (value instanceof PhpFloat) return markFloat(value.value);
      return phpArray(value as Record<string, unknown>);
    default:
      return null;
  }
}

/** True when JSON.stringify alone writes what phpReplacer would: only strings, booleans, null, integers below 2^63,
 *  arrays, and objects PHP sees as maps (a first key other than "0", no undefined member). A replacer function makes
 *  JSON.stringify call back for every value; content bodies, most of the bytes a build encodes, need none. */
function needsNoReplacer(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isInteger(value) && Math.abs(value) < 2 ** 63;
    case 'object': {
      if (value === null) return true;
      if (Array.isArray(value)) {
        for (let index = 0; index < value.length; index++) if (!needsNoReplacer(value[index])) return false;
        return true;
      }
      if (value instanceof PhpFloat || typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
      const record = value as Record<string, unknown>;
      let first = true;
      for (const key in record) {
        if (!Object.hasOwn(record, key)) continue;
        if (first && key === '0') return false;
        first = false;
        const member = record[key];
        if (member === undefined || !needsNoReplacer(member)) return false;
      }
      return !first;
    }
    default:
      return false;
  }
}

export function encodePhpJson(value: unknown): string {
  markedFloats = 0;
  const plain = needsNoReplacer(value);
  let text = (plain ? JSON.stringify(value) : JSON.stringify(value, phpReplacer)) as string | undefined;
  if (text === undefined) return 'null';
  if (text.includes('/')) text = text.replaceAll('/', '\\/');
  if (HAS_NON_ASCII.test(text))
    text = text.replace(NON_ASCII, (character) => '\\u' + character.charCodeAt(0).toString(16).padStart(4, '0'));
  // Without the replacer no float was marked, and the reference encoder would write the same text.
  if (plain || (markedFloats === 0 && !text.includes('\\u0000php-float:'))) return text;
  let found = 0;
  const restored = text.replace(MARKED_FLOAT, (_match, float: string) => (found++, float));
  return found === markedFloats ? restored : encodeValue(value);
}
