// Width, height and MIME type of a PNG, JPEG, GIF or WebP from its first bytes, as PHP's getimagesize reports them.
// Recognised by content, not by name: a PNG named x.jpg is image/png, as with getimagesize.

export interface ImageSize {
  width: number;
  height: number;
  mime: string;
}

type Reader = (bytes: Uint8Array) => ImageSize | undefined;

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return bytes.length >= at + signature.length && signature.every((byte, position) => bytes[at + position] === byte);
}

const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

const png: Reader = (bytes) => {
  // Signature, then the IHDR chunk: length, "IHDR", width, height (big-endian).
  if (!startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) || bytes.length < 24) return undefined;
  return { width: view(bytes).getUint32(16), height: view(bytes).getUint32(20), mime: 'image/png' };
};

const gif: Reader = (bytes) => {
  if (!(startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) || bytes.length < 10)
    return undefined;
  return { width: view(bytes).getUint16(6, true), height: view(bytes).getUint16(8, true), mime: 'image/gif' };
};

/** Start-of-frame markers that carry the frame size (every SOFn but DHT C4, JPG C8 and DAC CC). */
const JPEG_FRAMES = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
/** Markers without a length field. */
const JPEG_STANDALONE = new Set([0x01, 0xd0, 0xd1, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8]);

const jpeg: Reader = (bytes) => {
  if (!startsWith(bytes, [0xff, 0xd8])) return undefined;
  const data = view(bytes);
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (JPEG_STANDALONE.has(marker)) {
      offset += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined;
    if (JPEG_FRAMES.has(marker)) {
      if (offset + 9 > bytes.length) return undefined;
      return { width: data.getUint16(offset + 7), height: data.getUint16(offset + 5), mime: 'image/jpeg' };
    }
    offset += 2 + data.getUint16(offset + 2);
  }
  return undefined;
};

const webp: Reader = (bytes) => {
  // getimagesize reads 18 bytes after the RIFF header whatever the chunk, and gives nothing for a shorter file.
  if (!startsWith(bytes, ascii('RIFF')) || !startsWith(bytes, ascii('WEBP'), 8) || bytes.length < 30) return undefined;
  const data = view(bytes);
  const size = (width: number, height: number): ImageSize => ({ width, height, mime: 'image/webp' });
  if (startsWith(bytes, ascii('VP8L'), 12)) {
    const bits = data.getUint32(21, true);
    return size((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (startsWith(bytes, ascii('VP8 '), 12))
    return size(data.getUint16(26, true) & 0x3fff, data.getUint16(28, true) & 0x3fff);
  if (startsWith(bytes, ascii('VP8X'), 12)) {
    const width = (bytes[24] ?? 0) | ((bytes[25] ?? 0) << 8) | ((bytes[26] ?? 0) << 16);
    const height = (bytes[27] ?? 0) | ((bytes[28] ?? 0) << 8) | ((bytes[29] ?? 0) << 16);
    return size(width + 1, height + 1);
  }
  return undefined;
};

const READERS: readonly Reader[] = [png, jpeg, gif, webp];

/** Undefined for anything else (SVG, text, a truncated header), where getimagesize returns false. */
export function imageSize(bytes: Uint8Array): ImageSize | undefined {
  for (const read of READERS) {
    const size = read(bytes);
    if (size !== undefined) return size;
  }
  return undefined;
}
