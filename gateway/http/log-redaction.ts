// The request target as the log may hold it: no user information, no values of secret-named query parameters, no API
// token anywhere.
import { isSecretName } from '../../contract/secret-names.ts';

const REDACTED = 'REDACTED';
/** `scheme://` or `//` followed by an authority that may carry `user:password@`. */
const AUTHORITY_START = /^((?:[A-Za-z][A-Za-z0-9+.-]*:)?\/\/)([^/?#]*)/;
/** Cheap pre-check: only targets whose query could name a secret are taken apart. */
const MAY_NAME_SECRET = /password|secret|token|key/i;

function withoutUserInfo(target: string): string {
  const match = AUTHORITY_START.exec(target);
  if (match === null) return target;
  const [whole, start = '', authority = ''] = match;
  const at = authority.lastIndexOf('@');
  return at < 0 ? target : start + authority.slice(at + 1) + target.slice(whole.length);
}

/** Names that hold secrets are ASCII, so decoding %00–%7F is enough, and a malformed escape elsewhere cannot hide one.
 *  */
function decodedName(rawName: string): string {
  return rawName
    .replace(/\+/g, ' ')
    .replace(/%([0-7][0-9A-Fa-f])/g, (_escape, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function redactPair(pair: string): string {
  const equals = pair.indexOf('=');
  const rawName = equals < 0 ? pair : pair.slice(0, equals);
  // `password[]=x` and `auth[password]=x` are PHP array names: any segment may name the secret.
  const named = decodedName(rawName)
    .split(/[[\]]/)
    .some((segment) => segment !== '' && isSecretName(segment));
  return named && equals >= 0 ? `${rawName}=${REDACTED}` : pair;
}

// Targets that needed no redaction, remembered: a site's requests repeat the same URLs, and the pre-check decodes the
// whole query. Only such targets are kept, so nothing that held a secret stays in memory; the set is emptied when full.
const PLAIN_TARGETS = new Set<string>();
const MAX_PLAIN_TARGETS = 4096;

/** Absolute-form targets lose `user:password@`; values of query parameters named like secrets become REDACTED. */
export function loggableTarget(target: string): string {
  if (PLAIN_TARGETS.has(target)) return target;
  const loggable = redactedTarget(target);
  if (loggable === target) {
    if (PLAIN_TARGETS.size >= MAX_PLAIN_TARGETS) PLAIN_TARGETS.clear();
    PLAIN_TARGETS.add(target);
  }
  return loggable;
}

/** An API token anywhere in the target (path, query, fragment), also with its underscore percent-encoded. */
const API_TOKEN = /snapi(?:_|%5f)[A-Za-z0-9_%-]*/gi;
const MAY_HOLD_TOKEN = /snapi(?:_|%5f)/i;

function withoutTokens(target: string): string {
  return MAY_HOLD_TOKEN.test(target) ? target.replace(API_TOKEN, `snapi_${REDACTED}`) : target;
}

function redactedTarget(target: string): string {
  const plain = withoutTokens(target.startsWith('/') && !target.startsWith('//') ? target : withoutUserInfo(target));
  const questionMark = plain.indexOf('?');
  if (questionMark < 0 || !MAY_NAME_SECRET.test(decodedName(plain.slice(questionMark + 1)))) return plain;
  const query = plain
    .slice(questionMark + 1)
    .split('&')
    .map(redactPair)
    .join('&');
  return `${plain.slice(0, questionMark + 1)}${query}`;
}
