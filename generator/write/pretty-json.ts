// `JSON.stringify(value, null, 2)` as a run of chunks, so a large report (the change report of a 40,000-page first
// build lists 414,000 keys) is written without its whole text in memory (docs/performance.md: Scale).

/** Chunks are joined up to about this many characters before they are handed on. */
const CHUNK_CHARS = 1 << 16;

/** The text of `value` in pieces, member by member and array element by element; plain JSON data only (no
 *  `toJSON`). */
function* pieces(value: unknown, indent: string): Generator<string> {
  if (Array.isArray(value)) {
    if (value.length === 0) return yield '[]';
    const inner = `${indent}  `;
    yield '[\n';
    for (let position = 0; position < value.length; position++) {
      // An element is small (a key, a change): written whole and indented, which is JSON.stringify's own speed; an
      // array holds `null` where an object would leave a member out.
      const text: string | undefined = JSON.stringify(value[position], null, 2);
      const element = text === undefined ? 'null' : text.replaceAll('\n', `\n${inner}`);
      yield `${inner}${element}${position < value.length - 1 ? ',\n' : '\n'}`;
    }
    return yield `${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const inner = `${indent}  `;
    let first = true;
    for (const [key, member] of Object.entries(value)) {
      if (!storable(member)) continue;
      yield `${first ? '{\n' : ',\n'}${inner}${JSON.stringify(key)}: `;
      yield* pieces(member, inner);
      first = false;
    }
    return yield first ? '{}' : `\n${indent}}`;
  }
  yield JSON.stringify(value);
}

/** What JSON.stringify writes a member for (it leaves out undefined, functions and symbols). */
function storable(value: unknown): boolean {
  return value !== undefined && typeof value !== 'function' && typeof value !== 'symbol';
}

/** `JSON.stringify(value, null, 2)` in chunks of about CHUNK_CHARS characters; joined they are that text exactly. */
export function* prettyJsonChunks(value: unknown): Generator<string> {
  let chunk = '';
  for (const piece of pieces(value, '')) {
    chunk += piece;
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk !== '') yield chunk;
}
