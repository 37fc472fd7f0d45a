// Reads Basic credentials from an Authorization header as leniently as Typemill does
// (docs/typemill.md: Basic credentials are read as leniently as Typemill reads them).

export interface Credentials {
  username: string;
  password: string;
}

// Not anchored and case-insensitive, like Typemill's preg_match; the rest of the line is the token.
const BASIC_TOKEN = /basic\s+(.*)/i;
const NOT_BASE64 = /[^A-Za-z0-9+/]/g;

/** Undefined for a missing header, no `Basic` token, no colon, or an empty user name. */
export function parseBasicCredentials(header: string | undefined): Credentials | undefined {
  if (header === undefined) return undefined;
  const token = BASIC_TOKEN.exec(header)?.[1];
  if (token === undefined) return undefined;
  // PHP's non-strict base64_decode drops characters outside the alphabet.
  const decoded = Buffer.from(token.replace(NOT_BASE64, ''), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
