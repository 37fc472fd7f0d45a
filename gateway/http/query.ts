// Parses a query string as PHP does (docs/typemill.md: Query strings are parsed by PHP's rules): `a[]=x`, `a[k]=x`,
// last plain key wins.

export interface QueryArray {
  kind: 'array';
  entries: Map<string, QueryValue>;
  nextIndex: number;
}
export type QueryValue = string | QueryArray;
export type Query = Map<string, QueryValue>;

/** PHP's `max_input_vars` default: later pairs are ignored. */
const MAX_PAIRS = 1000;
const HEX_PAIR = /^[0-9a-fA-F]{2}$/;
const ASCII_ONLY = /^[\x00-\x7f]*$/;

/** `urldecode`: `+` is a space, valid `%XX` become bytes, anything else stays as written. */
export function decodeQueryComponent(raw: string): string {
  if (!raw.includes('%') && !raw.includes('+')) return raw;
  const text = raw.replace(/\+/g, ' ');
  // Fast path: for ASCII input with only well-formed UTF-8 escapes, decodeURIComponent gives the same string.
  if (ASCII_ONLY.test(text)) {
    try {
      return decodeURIComponent(text);
    } catch {
      /* a stray % or invalid UTF-8: decode byte by byte below */
    }
  }
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const hex = text.slice(index + 1, index + 3);
    if (text[index] === '%' && HEX_PAIR.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
      continue;
    }
    const codePoint = text.codePointAt(index) ?? 0;
    const character = String.fromCodePoint(codePoint);
    bytes.push(...Buffer.from(character, 'utf8'));
    index += character.length - 1;
  }
  return Buffer.from(bytes).toString('utf8');
}

function newArray(): QueryArray {
  return { kind: 'array', entries: new Map(), nextIndex: 0 };
}

/** `usernames[0][x]` → base `usernames`, segments `['0', 'x']`; `[]` gives an empty segment (append). */
function splitKey(key: string): { base: string; segments: string[] } {
  const open = key.indexOf('[');
  if (open <= 0 || !key.includes(']', open)) return { base: key.replace(/[ .[]/g, '_'), segments: [] };
  const segments: string[] = [];
  let rest = key.slice(open);
  while (rest.startsWith('[')) {
    const close = rest.indexOf(']');
    if (close < 0) break;
    segments.push(rest.slice(1, close));
    rest = rest.slice(close + 1);
  }
  return { base: key.slice(0, open).replace(/[ .]/g, '_'), segments };
}

function store(target: QueryArray, segment: string, value: QueryValue): void {
  const key = segment === '' ? String(target.nextIndex) : segment;
  target.entries.set(key, value);
  if (/^(0|[1-9][0-9]*)$/.test(key)) target.nextIndex = Math.max(target.nextIndex, Number(key) + 1);
}

function assign(root: QueryArray, path: string[], value: string): void {
  let target = root;
  for (const [position, segment] of path.entries()) {
    if (position === path.length - 1) {
      store(target, segment, value);
      return;
    }
    const existing = segment === '' ? undefined : target.entries.get(segment);
    if (existing !== undefined && typeof existing !== 'string') {
      target = existing;
      continue;
    }
    const child = newArray();
    store(target, segment, child);
    target = child;
  }
}

/** The query string without the leading `?`. */
export function parseQuery(queryString: string): Query {
  const root = newArray();
  const pairs = queryString.split('&').slice(0, MAX_PAIRS);
  for (const pair of pairs) {
    const equals = pair.indexOf('=');
    const rawKey = equals < 0 ? pair : pair.slice(0, equals);
    const rawValue = equals < 0 ? '' : pair.slice(equals + 1);
    const key = decodeQueryComponent(rawKey).replace(/^ +/, '');
    if (key === '') continue;
    const { base, segments } = splitKey(key);
    assign(root, [base, ...segments], decodeQueryComponent(rawValue));
  }
  return root.entries;
}

/** A plain string parameter, or undefined when absent or an array. */
export function stringParameter(query: Query, name: string): string | undefined {
  const value = query.get(name);
  return typeof value === 'string' ? value : undefined;
}

/** The string values of an array parameter in order, or a plain value as a one-element list
 *  (docs/typemill.md: Users endpoints validate their parameters). */
export function listParameter(query: Query, name: string): string[] {
  const value = query.get(name);
  if (value === undefined) return [];
  if (typeof value === 'string') return [value];
  return [...value.entries.values()].filter((entry): entry is string => typeof entry === 'string');
}
