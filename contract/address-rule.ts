// Trusted address entries (docs/decisions.md: Trusted addresses are IPs, CIDR ranges and forward-resolved host names):
// an IP address or a CIDR range, as both the build and the gateway read them.
import { isIP } from 'node:net';

const MAPPED_PREFIX = '::ffff:';

/** `::ffff:10.0.0.1` → `10.0.0.1`, so IPv4-mapped IPv6 peers compare as IPv4. */
export function normalizeAddress(address: string): string {
  const lower = address.toLowerCase();
  if (lower.startsWith(MAPPED_PREFIX) && isIP(lower.slice(MAPPED_PREFIX.length)) === 4) {
    return lower.slice(MAPPED_PREFIX.length);
  }
  return address;
}

export interface ParsedRule {
  address: string;
  /** Absent for a single address. */
  prefix?: number;
}

/** An address or CIDR range as the BlockList takes it, or undefined when the entry is neither. */
export function parseRule(entry: string): ParsedRule | undefined {
  const [rawAddress = '', rawPrefix, ...extra] = entry.split('/');
  const address = normalizeAddress(rawAddress);
  const version = isIP(address);
  if (version === 0 || extra.length > 0) return undefined;
  if (rawPrefix === undefined) return { address };
  if (!/^[0-9]{1,3}$/.test(rawPrefix)) return undefined;
  const mappedShift = version === 4 && address !== rawAddress ? 96 : 0;
  const prefix = Number(rawPrefix) - mappedShift;
  if (prefix < 0 || prefix > (version === 4 ? 32 : 128)) return undefined;
  return { address, prefix };
}

/** The one check of a trusted address entry, used by the gateway at load (gateway/auth/ip-trust.ts) and by the build
 *  (generator/plan/access-settings.ts). */
export function isAddressRule(entry: string): boolean {
  return parseRule(entry.trim()) !== undefined;
}
