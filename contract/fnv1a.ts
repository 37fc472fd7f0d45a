// FNV-1a (32 bits) over a string's UTF-16 code units: the same on every build, machine and Node version, and cheap for
// hundreds of thousands of keys. The index shards, the search shards and the gateway's string table hash with it.
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** The hash of `text`, or of its code units from `start` to before `end`. */
export function fnv1a(text: string, start = 0, end: number = text.length): number {
  let hash = FNV_OFFSET;
  for (let position = start; position < end; position++) hash = Math.imul(hash ^ text.charCodeAt(position), FNV_PRIME);
  return hash >>> 0;
}
