// Hashes of a page's texts as the renderer takes them: the render cache key and the check that a page read again at
// render time is the page the plan saw are both made from them.
import { createHash } from 'node:crypto';

/** With the u flag a well-formed pair is one code point, so only a lone surrogate matches. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Each text goes in with its length first, so no two different inputs hash the same stream; no JSON copy of the
 *  page's markdown is made (45 MB per build at 4,000 pages). */
function addText(hash: ReturnType<typeof createHash>, text: string): void {
  // UTF-8 turns a lone surrogate into U+FFFD; JSON keeps it apart (only draft JSON can hold one).
  if (!LONE_SURROGATE.test(text)) hash.update(`${text.length}:`).update(text);
  else hash.update(`json:${JSON.stringify(text)}`);
}

/** The hash of a page's markdown (the `.md` without its front matter). */
export function markdownHash(markdown: string): string {
  const hash = createHash('sha256');
  addText(hash, markdown);
  return hash.digest('base64url');
}

/** The hash of a page's draft blocks. */
export function blocksHash(blocks: readonly string[]): string {
  const hash = createHash('sha256').update(`${blocks.length}\0`);
  for (const block of blocks) addText(hash, block);
  return hash.digest('base64url');
}
