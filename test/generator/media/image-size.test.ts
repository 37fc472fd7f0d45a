// Image sizes from file headers: what PHP's getimagesize reports for PNG, JPEG, GIF and WebP, and nothing for the rest.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { deflateSync } from 'node:zlib';
import { imageSize } from '../../../generator/media/image-size.ts';

const u16be = (value: number) => [value >> 8, value & 0xff];
const u16le = (value: number) => [value & 0xff, value >> 8];
const u32le = (value: number) => [value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff, value >>> 24];
const ascii = (text: string) => [...Buffer.from(text, 'latin1')];

function png(width: number, height: number): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const chunk = (type: string, data: Buffer) =>
    Buffer.concat([Buffer.from([0, 0, 0, data.length]), Buffer.from(type), data, Buffer.alloc(4)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1))),
  ]);
}

/** A JPEG with an APP0 and a long APP1 segment before its frame, and fill bytes before the frame marker. */
function jpeg(width: number, height: number, frame = 0xc0): Uint8Array {
  const app1 = [0xff, 0xe1, ...u16be(2 + 300), ...new Array(300).fill(0)];
  return Uint8Array.from([
    0xff,
    0xd8,
    0xff,
    0xe0,
    ...u16be(16),
    ...ascii('JFIF\0'),
    1,
    1,
    0,
    0,
    1,
    0,
    1,
    0,
    0,
    ...app1,
    0xff,
    0xff,
    frame,
    ...u16be(11),
    8,
    ...u16be(height),
    ...u16be(width),
    1,
    1,
    0x11,
    0,
    0xff,
    0xd9,
  ]);
}

function webp(chunk: string, payload: number[]): Uint8Array {
  const body = [...ascii('WEBP'), ...ascii(chunk), ...u32le(payload.length), ...payload];
  return Uint8Array.from([...ascii('RIFF'), ...u32le(body.length), ...body]);
}

const sizes = suite('imageSize');

sizes('reads width, height and MIME type of each format getimagesize knows', () => {
  const cases: Array<[string, Uint8Array, ReturnType<typeof imageSize>]> = [
    ['png', png(640, 480), { width: 640, height: 480, mime: 'image/png' }],
    ['baseline jpeg after APP segments', jpeg(1920, 1080), { width: 1920, height: 1080, mime: 'image/jpeg' }],
    ['progressive jpeg', jpeg(3, 70000 & 0xffff, 0xc2), { width: 3, height: 70000 & 0xffff, mime: 'image/jpeg' }],
    [
      'gif87a',
      Uint8Array.from([...ascii('GIF87a'), ...u16le(300), ...u16le(200), 0, 0, 0]),
      { width: 300, height: 200, mime: 'image/gif' },
    ],
    [
      'gif89a',
      Uint8Array.from([...ascii('GIF89a'), ...u16le(1), ...u16le(65535), 0, 0, 0]),
      { width: 1, height: 65535, mime: 'image/gif' },
    ],
    [
      'lossy webp (VP8)',
      webp('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, ...u16le(800), ...u16le(600)]),
      { width: 800, height: 600, mime: 'image/webp' },
    ],
    [
      'lossless webp (VP8L)',
      webp('VP8L', [0x2f, ...u32le((99 - 1) | ((77 - 1) << 14)), 0, 0, 0, 0, 0]),
      { width: 99, height: 77, mime: 'image/webp' },
    ],
    [
      'extended webp (VP8X)',
      webp('VP8X', [0x10, 0, 0, 0, 0xff, 0x0f, 0x00, 0x1f, 0x00, 0x00]),
      { width: 4096, height: 32, mime: 'image/webp' },
    ],
    ['a png named like anything, recognised by content', png(1, 1), { width: 1, height: 1, mime: 'image/png' }],
  ];
  for (const [name, bytes, expected] of cases) assert.equal([name, imageSize(bytes)], [name, expected]);
});

sizes('gives nothing for SVG, text, empty files and headers cut short', () => {
  const cases: Array<[string, Uint8Array]> = [
    ['svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"/>')],
    ['text', Buffer.from('just text')],
    ['empty', new Uint8Array()],
    ['png signature only', png(5, 5).subarray(0, 12)],
    ['jpeg without a frame', Uint8Array.from([0xff, 0xd8, 0xff, 0xd9])],
    ['jpeg cut inside a segment', jpeg(5, 5).subarray(0, 100)],
    ['webp cut short', webp('VP8 ', [0, 0, 0]).subarray(0, 20)],
    // getimagesize reads 18 bytes after the RIFF header: a 29-byte lossless WebP has no size for it.
    ['lossless webp shorter than 30 bytes', webp('VP8L', [0x2f, ...u32le(0), 0])],
  ];
  for (const [name, bytes] of cases) assert.equal([name, imageSize(bytes)], [name, undefined]);
});

sizes.run();
