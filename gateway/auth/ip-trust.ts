// Trusted addresses (docs/decisions.md: Trusted addresses are IPs, CIDR ranges and forward-resolved host names): compiled BlockList matchers and the client address behind trusted proxies.
import { BlockList, isIP } from 'node:net';

export interface AddressMatcher {
  /** True when the address is in the list. Callers pass addresses through `normalizeAddress` first. */
  matches(address: string): boolean;
  size: number;
}

const MAPPED_PREFIX = '::ffff:';

/** `::ffff:10.0.0.1` → `10.0.0.1`, so IPv4-mapped IPv6 peers compare as IPv4. */
export function normalizeAddress(address: string): string {
  const lower = address.toLowerCase();
  if (lower.startsWith(MAPPED_PREFIX) && isIP(lower.slice(MAPPED_PREFIX.length)) === 4) {
    return lower.slice(MAPPED_PREFIX.length);
  }
  return address;
}

function familyOf(address: string): 'ipv4' | 'ipv6' {
  return isIP(address) === 4 ? 'ipv4' : 'ipv6';
}

interface ParsedRule {
  address: string;
  /** Absent for a single address. */
  prefix?: number;
}

/** An address or CIDR range as the BlockList takes it, or undefined when the entry is neither. */
function parseRule(entry: string): ParsedRule | undefined {
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

/** The one check of a trusted address entry, used by the gateway at load and by the build (generator/site/access-settings.ts). */
export function isAddressRule(entry: string): boolean {
  return parseRule(entry.trim()) !== undefined;
}

function addRule(list: BlockList, entry: string, label: string): void {
  const rule = parseRule(entry);
  if (rule === undefined) throw new Error(`gateway config: ${label} "${entry}" is not an address or CIDR range`);
  if (rule.prefix === undefined) list.addAddress(rule.address, familyOf(rule.address));
  else list.addSubnet(rule.address, rule.prefix, familyOf(rule.address));
}

/** Throws on the first entry that is neither an address nor a CIDR range, quoting it. */
export function buildAddressMatcher(entries: readonly string[], label: string): AddressMatcher {
  const list = new BlockList();
  const rules = entries.map((entry) => entry.trim()).filter((entry) => entry !== '');
  for (const rule of rules) addRule(list, rule, label);
  return {
    size: rules.length,
    matches: (address) => isIP(address) !== 0 && list.check(address, familyOf(address)),
  };
}

export interface ProxyPolicy {
  enabled: boolean;
  /** Empty with `enabled`: every peer is a proxy. */
  proxies: AddressMatcher;
}

/**
 * The caller's address: the socket peer, or, when the peer is a trusted proxy, the rightmost
 * `X-Forwarded-For` entry that is not itself a trusted proxy. An entry that is not an address
 * ends the walk and is the answer: it matches no trust rule.
 */
export function clientAddress(peerAddress: string, forwardedFor: string | undefined, policy: ProxyPolicy): string {
  const peer = normalizeAddress(peerAddress);
  if (!policy.enabled || forwardedFor === undefined) return peer;
  const anyPeerIsProxy = policy.proxies.size === 0;
  const isProxy = (address: string) => !anyPeerIsProxy && policy.proxies.matches(address);
  if (!anyPeerIsProxy && !isProxy(peer)) return peer;
  const hops = forwardedFor.split(',').map((hop) => normalizeAddress(hop.trim()));
  let client = peer;
  for (const hop of hops.reverse()) {
    client = hop;
    if (isIP(hop) === 0) return client;
    if (!isProxy(hop)) return client;
  }
  return client;
}

export interface TrustPolicy {
  /** Both `trustedIps` and `trustedHosts` empty: no restriction. */
  open: boolean;
  ips: AddressMatcher;
  /** The addresses the trusted host names resolved to. */
  hostAddresses: AddressMatcher;
}

export function isTrustedAddress(address: string, policy: TrustPolicy): boolean {
  return policy.open || policy.ips.matches(address) || policy.hostAddresses.matches(address);
}
