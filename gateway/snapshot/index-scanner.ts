// Splits index.json, fed in chunks, into its entries (handed on in batches of JSON text) and the rest. One JSON.parse
// of a 40,000-page index made 47 MB of text and a tree of 200,000 objects at once, which V8 kept as garbage in the old
// generation until a full collection an idle gateway may never run; batches of 256 KB die young (docs/performance.md).

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
/** JSON's four whitespace characters. */
const isWhitespace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
const BLANK = /^[ \t\n\r]*$/;
export const ENTRIES_BATCH_BYTES = 256 * 1024;

export interface IndexScanner {
  /** The next bytes of the file. Hands on complete batches of entries as `{…}` JSON text. */
  push(chunk: Uint8Array): void;
  /** After the last chunk: the file with its entries object emptied to `{}`, as JSON text for JSON.parse. */
  end(): string;
}

/** Each batch is a JSON object of whole entries; together they hold every member of the top-level `entries` object.
 *  Every byte of the file ends up in a batch or in `end()`'s text, so parsing both validates the whole file. */
export function createIndexScanner(onEntries: (json: string) => void, batchBytes = ENTRIES_BATCH_BYTES): IndexScanner {
  const header: Buffer[] = [];
  /** Bytes of the batch being gathered that came in earlier chunks. */
  let carried: Buffer[] = [];
  let carriedBytes = 0;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let inEntries = false;
  let entriesSeen = false;
  /** A batch was handed on at a comma, so no batch may be empty. */
  let separated = false;
  /** The raw text of the last string at depth 1 and whether a colon followed it: the member name being read. */
  let keyBytes: number[] = [];
  let keyOpen = false;
  let afterColon: string | undefined;

  const handOn = (tail: Uint8Array, closing: boolean): void => {
    const text = (
      carried.length === 0 ? Buffer.from(tail.buffer, tail.byteOffset, tail.length) : Buffer.concat([...carried, tail])
    ).toString('utf8');
    carried = [];
    carriedBytes = 0;
    if (BLANK.test(text)) {
      if (separated || !closing) throw new SyntaxError('index.json entries: a comma without an entry beside it');
      return;
    }
    onEntries(`{${text}}`);
  };

  return {
    push(chunk) {
      let start = 0;
      /** Where the next backslash of the chunk is, searched again only once passed. */
      let nextBackslash = -1;
      for (let position = 0; position < chunk.length; position++) {
        const byte = chunk[position] as number;
        if (inString) {
          if (keyOpen) keyBytes.push(byte);
          if (escaped) escaped = false;
          else if (byte === BACKSLASH) escaped = true;
          else if (byte === QUOTE) inString = keyOpen = false;
          continue;
        }
        if (byte === QUOTE) {
          keyOpen = depth === 1 && !inEntries;
          if (keyOpen) keyBytes = [byte];
          // Most of the file is strings without escapes: skip to the closing quote in one search.
          const closing = keyOpen ? -1 : chunk.indexOf(QUOTE, position + 1);
          if (closing !== -1 && nextBackslash < position) {
            const found = chunk.indexOf(BACKSLASH, position);
            nextBackslash = found === -1 ? chunk.length : found;
          }
          if (closing !== -1 && nextBackslash > closing) position = closing;
          else inString = true;
        } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
          const opensEntries = depth === 1 && byte === OPEN_BRACE && afterColon === 'entries';
          depth++;
          if (opensEntries) {
            if (entriesSeen) throw new SyntaxError('index.json: "entries" is given twice');
            entriesSeen = inEntries = true;
            header.push(Buffer.from(chunk.subarray(start, position + 1)));
            start = position + 1;
          }
        } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
          depth--;
          if (inEntries && depth === 1) {
            handOn(chunk.subarray(start, position), true);
            inEntries = false;
            start = position;
          }
        } else if (byte === COMMA && inEntries && depth === 2 && carriedBytes + position - start >= batchBytes) {
          handOn(chunk.subarray(start, position), false);
          separated = true;
          start = position + 1;
        } else if (byte === COLON && depth === 1 && !inEntries) {
          afterColon = keyBytes.length > 0 ? String(JSON.parse(Buffer.from(keyBytes).toString('utf8'))) : undefined;
          keyBytes = [];
          continue;
        }
        if (!isWhitespace(byte)) afterColon = undefined;
      }
      const rest = Buffer.from(chunk.subarray(start));
      if (inEntries) {
        carried.push(rest);
        carriedBytes += rest.length;
      } else {
        header.push(rest);
      }
    },
    end() {
      return Buffer.concat(header).toString('utf8');
    },
  };
}
