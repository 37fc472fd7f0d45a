// Content negotiation: Accept-Encoding with q-values, and If-None-Match against an ETag.
import type { Encoding } from '../snapshot/model.ts';

/** Among equal q-values the smaller body wins. */
const PREFERENCE: readonly Encoding[] = ['br', 'gzip', 'identity'];
const UNLISTED_IDENTITY = 0.001;

function parseAcceptEncoding(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName = '', ...parameters] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (name === '') continue;
    const qParameter = parameters.map((parameter) => parameter.trim()).find((parameter) => /^q=/i.test(parameter));
    const weight = qParameter === undefined ? 1 : Number(qParameter.slice(2));
    weights.set(name, Number.isFinite(weight) ? Math.min(Math.max(weight, 0), 1) : 0);
  }
  return weights;
}

/**
 * The encoding to send among those available. Unlisted encodings take the weight of `*`; identity
 * is acceptable unless refused, and is also the answer when nothing is acceptable (no 406).
 */
export function chooseEncoding(header: string | undefined, available: ReadonlySet<Encoding>): Encoding {
  if (header === undefined || header.trim() === '') return 'identity';
  const weights = parseAcceptEncoding(header);
  const wildcard = weights.get('*');
  // An unlisted identity is acceptable but not preferred over a listed compression (RFC 9110 12.5.3).
  const weightOf = (encoding: Encoding): number =>
    weights.get(encoding) ?? (encoding === 'identity' ? (wildcard === 0 ? 0 : UNLISTED_IDENTITY) : (wildcard ?? 0));
  let best: Encoding = 'identity';
  let bestWeight = 0;
  for (const encoding of PREFERENCE) {
    const weight = weightOf(encoding);
    if ((encoding === 'identity' || available.has(encoding)) && weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

function opaqueTag(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}

/** Weak comparison over a list of tags; `*` matches any current representation. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const wanted = opaqueTag(etag);
  const tags = header.match(/(?:W\/)?"[^"]*"/g) ?? [];
  return tags.some((tag) => opaqueTag(tag) === wanted);
}

const AVAILABLE: readonly ReadonlySet<Encoding>[] = [
  new Set<Encoding>(['identity']),
  new Set<Encoding>(['identity', 'gzip']),
  new Set<Encoding>(['identity', 'br']),
  new Set<Encoding>(['identity', 'gzip', 'br']),
];
/** Clients send a handful of distinct Accept-Encoding values; a flood of odd ones only empties the memo. */
const MEMO_LIMIT = 1000;
const chosenByHeader = new Map<string, Encoding[]>();

/** `chooseEncoding` for a stored body with or without its gzip and brotli variants, remembered per header value. */
export function encodingFor(header: string | undefined, hasGzip: boolean, hasBr: boolean): Encoding {
  if (header === undefined) return 'identity';
  let chosen = chosenByHeader.get(header);
  if (chosen === undefined) {
    if (chosenByHeader.size >= MEMO_LIMIT) chosenByHeader.clear();
    chosen = AVAILABLE.map((available) => chooseEncoding(header, available));
    chosenByHeader.set(header, chosen);
  }
  return chosen[(hasGzip ? 1 : 0) + (hasBr ? 2 : 0)]!;
}
