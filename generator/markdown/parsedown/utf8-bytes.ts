// PHP measures some inline matches in bytes: where Typemill consumes a match found further on, the byte count may
// end inside a character. The bytes left of that character are stood for by ORPHAN_BYTE, and text holding one
// escapes to '' (htmlspecialchars rejects invalid UTF-8) and fails regular expressions in Unicode mode.

/** A lone low surrogate: never produced by decoding a file, so it can only come from here. */
export const ORPHAN_BYTE = '\uDC00';
const NON_ASCII = /[^\x00-\x7F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function utf8Length(text: string): number {
  if (!NON_ASCII.test(text)) return text.length;
  let bytes = 0;
  for (let index = 0; index < text.length; index++) bytes += unitBytes(text, index);
  return bytes;
}

/** The text after `byteCount` bytes from `start`, as PHP's substr would leave it. */
export function sliceBytes(text: string, start: number, byteCount: number): string {
  if (!NON_ASCII.test(text.slice(start, start + byteCount))) return text.slice(start + byteCount);
  let remaining = byteCount;
  let index = start;
  while (remaining > 0 && index < text.length) {
    const size = charBytes(text, index);
    const width = size === 4 ? 2 : 1;
    if (remaining < size) return ORPHAN_BYTE.repeat(size - remaining) + text.slice(index + width);
    remaining -= size;
    index += width;
  }
  return text.slice(index);
}

const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** The first orphan byte at or after `from` (the unit before `from` counts), or -1: for LineScan.first. */
export function firstOrphanByte(scan: { text: string }, from: number): number {
  LONE_SURROGATES.lastIndex = from;
  return LONE_SURROGATES.exec(scan.text)?.index ?? -1;
}

export function hasOrphanBytes(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

export function charBytes(text: string, index: number): number {
  const code = text.charCodeAt(index);
  const isPair =
    code >= 0xd800 && code <= 0xdbff && index + 1 < text.length && isLowSurrogate(text.charCodeAt(index + 1));
  return isPair ? 4 : unitBytes(text, index);
}

/** Bytes per UTF-16 unit: a surrogate pair counts 2 + 2, an orphan byte 1. */
export function unitBytes(text: string, index: number): number {
  const code = text.charCodeAt(index);
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  if (code >= 0xd800 && code <= 0xdbff) return 2;
  if (isLowSurrogate(code))
    return text.charAt(index) === ORPHAN_BYTE && !isHighSurrogate(text.charCodeAt(index - 1)) ? 1 : 2;
  return 3;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
