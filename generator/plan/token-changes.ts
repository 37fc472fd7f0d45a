// What `snapi token add|rotate|revoke` do to the token file's entries, and the token they make: values in, values out.
// The clock and the random bytes are passed in.
import { TOKEN_PREFIX, tokenSha256 } from '../../contract/api-token.ts';
import type { TokenFileEntry } from './token-file.ts';

/** Without `--expires`, a token lives 90 days: no token lives forever by accident (docs/operations.md). */
export const DEFAULT_EXPIRY = '90d';
/** After `rotate`, the old token keeps working this long (or until its own expiry, if sooner). */
export const DEFAULT_OVERLAP = '24h';

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const DURATION = /^([0-9]{1,9})([smhd])$/;
const ISO_DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:\d\d)$/;

/** `Ns`, `Nm`, `Nh`, `Nd` from `now`, or an ISO date-time with its zone; a string that is neither throws. */
export function endOf(text: string, now: number, option: string): Date {
  const duration = DURATION.exec(text);
  if (duration !== null) return new Date(now + Number(duration[1]) * (UNIT_MS[duration[2] as string] as number));
  if (ISO_DATE_TIME.test(text) && !Number.isNaN(Date.parse(text))) return new Date(Date.parse(text));
  throw new Error(`${option} "${text}" must be Ns, Nm, Nh, Nd or an ISO date-time such as 2027-01-31T00:00:00Z`);
}

/** A new token: `snapi_` and 32 random bytes in base64url (256 bits). */
export function newToken(randomBytes: (size: number) => Buffer): string {
  return TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

export function addedEntry(name: string, role: string, token: string, now: Date, expires: Date): TokenFileEntry {
  const at = now.toISOString();
  return { name, role, sha256: tokenSha256(token), created: at, rotated: at, expires: expires.toISOString() };
}

/** The new token takes the entry's place with a fresh expiry of the same length as the first one had; the old hash
 *  stays as `previous` until the overlap ends (or its own expiry, if sooner). */
export function rotatedEntry(entry: TokenFileEntry, token: string, now: Date, overlapEnd: Date): TokenFileEntry {
  const lifetime = Date.parse(entry.expires) - Date.parse(entry.rotated);
  const oldEnd = Math.min(Date.parse(entry.expires), overlapEnd.getTime());
  const { previous: _dropped, ...kept } = entry;
  return {
    ...kept,
    sha256: tokenSha256(token),
    rotated: now.toISOString(),
    expires: new Date(now.getTime() + Math.max(lifetime, 0)).toISOString(),
    ...(oldEnd > now.getTime() ? { previous: { sha256: entry.sha256, expires: new Date(oldEnd).toISOString() } } : {}),
  };
}

/** Name, role, expiry and last rotation: never a token, never a hash. */
export function formatTokenList(entries: readonly TokenFileEntry[], now: number): string {
  const rows = entries.map((entry) => [
    entry.name,
    entry.role,
    entry.expires + (Date.parse(entry.expires) <= now ? ' (expired)' : ''),
    entry.rotated,
  ]);
  const table = [['NAME', 'ROLE', 'EXPIRES', 'ROTATED'], ...rows];
  const widths = [0, 1, 2].map((column) => Math.max(...table.map((row) => (row[column] as string).length)));
  return table
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
