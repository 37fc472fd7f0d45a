// A set of strings numbered 0, 1, 2… in insertion order, held as UTF-8 bytes in one buffer with an open-addressing
// hash table of numbers: at 200,000 request keys a Map of strings held about 20 MB of small heap objects, this about
// 9 MB in three typed arrays and nothing for the garbage collector to trace (docs/performance.md).

import { fnv1a } from '../../contract/fnv1a.ts';

const EMPTY = -1;
function lengthFor(current: number, needed: number): number {
  let length = current * 2;
  while (length < needed) length *= 2;
  return length;
}

export class StringTable {
  #bytes = new Uint8Array(1024);
  #used = 0;
  /** Byte offset where string n starts; string n ends where n + 1 starts. */
  #starts = new Int32Array(64);
  #hashes = new Int32Array(64);
  #count = 0;
  /** Slots hold a string's number or EMPTY; at most half of them are used. */
  #slots = new Int32Array(128).fill(EMPTY);

  get size(): number {
    return this.#count;
  }

  /** The number of `text` (or of its part from `start` to `end`, without slicing it), or -1. */
  find(text: string, start = 0, end = text.length): number {
    return this.#lookup(text, start, end, fnv1a(text, start, end));
  }

  /** The string's number, adding it when it is new. */
  add(text: string): number {
    const hash = fnv1a(text, 0, text.length);
    const known = this.#lookup(text, 0, text.length, hash);
    if (known !== -1) return known;
    if ((this.#count + 1) * 2 > this.#slots.length) this.#rehash(this.#slots.length * 2);
    const number = this.#count;
    this.#append(text);
    if (number + 2 > this.#starts.length) {
      const starts = new Int32Array(lengthFor(this.#starts.length, number + 2));
      starts.set(this.#starts);
      this.#starts = starts;
      const hashes = new Int32Array(starts.length);
      hashes.set(this.#hashes);
      this.#hashes = hashes;
    }
    this.#starts[number + 1] = this.#used;
    this.#hashes[number] = hash;
    this.#count++;
    this.#place(number, hash);
    return number;
  }

  #lookup(text: string, start: number, end: number, hash: number): number {
    const mask = this.#slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const number = this.#slots[slot] ?? EMPTY;
      if (number === EMPTY) return -1;
      if ((this.#hashes[number] ?? 0) === (hash | 0) && this.#equals(number, text, start, end)) return number;
    }
  }

  /** ASCII is copied code unit by code unit; anything else is encoded by Buffer. */
  #append(text: string): void {
    if (this.#used + text.length * 3 > this.#bytes.length) {
      const bytes = new Uint8Array(lengthFor(this.#bytes.length, this.#used + text.length * 3));
      bytes.set(this.#bytes.subarray(0, this.#used));
      this.#bytes = bytes;
    }
    const bytes = this.#bytes;
    let used = this.#used;
    for (let position = 0; position < text.length; position++) {
      const code = text.charCodeAt(position);
      if (code >= 0x80) {
        used = this.#used + Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).write(text, this.#used, 'utf8');
        break;
      }
      bytes[used++] = code;
    }
    this.#used = used;
  }

  /** String number `number` as text. */
  at(number: number): string {
    if (!(number >= 0 && number < this.#count)) throw new RangeError(`string table: no string ${number}`);
    return Buffer.from(this.#bytes.buffer, this.#bytes.byteOffset, this.#used).toString(
      'utf8',
      this.#starts[number],
      this.#starts[number + 1],
    );
  }

  /** Bytes held by its arrays, for the memory figures in docs/performance.md. */
  get byteLength(): number {
    return this.#bytes.byteLength + this.#starts.byteLength + this.#hashes.byteLength + this.#slots.byteLength;
  }

  #place(number: number, hash: number): void {
    const mask = this.#slots.length - 1;
    let slot = hash & mask;
    while (this.#slots[slot] !== EMPTY) slot = (slot + 1) & mask;
    this.#slots[slot] = number;
  }

  #rehash(length: number): void {
    this.#slots = new Int32Array(length).fill(EMPTY);
    for (let number = 0; number < this.#count; number++) this.#place(number, (this.#hashes[number] ?? 0) >>> 0);
  }

  // Request keys are ASCII almost always, so they are compared code unit against byte without encoding them.
  #equals(number: number, text: string, start: number, end: number): boolean {
    const from = this.#starts[number] ?? 0;
    const to = this.#starts[number + 1] ?? 0;
    const bytes = this.#bytes;
    for (let position = start; position < end; position++) {
      const code = text.charCodeAt(position);
      if (code >= 0x80) return Buffer.from(text.slice(start, end), 'utf8').equals(bytes.subarray(from, to));
      if (from + position - start >= to || bytes[from + position - start] !== code) return false;
    }
    return end - start === to - from;
  }
}
