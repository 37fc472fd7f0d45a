// Trusted addresses (docs/decisions.md: Trusted addresses are IPs, CIDR ranges and forward-resolved host names):
// compiled BlockList matchers and the client address behind trusted proxies.
import { BlockList, isIP } from 'node:net';
import { normalizeAddress, parseRule } from '../../contract/address-rule.ts';

export { isAddressRule, normalizeAddress } from '../../contract/address-rule.ts';

export interface AddressMatcher {
  /** True when the address is in the list. Callers pass addresses through `normalizeAddress` first. */
  matches(address: string): boolean;
  size: number;
}

function familyOf(address: string): 'ipv4' | 'ipv6' {
  return isIP(address) === 4 ? 'ipv4' : 'ipv6';
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
