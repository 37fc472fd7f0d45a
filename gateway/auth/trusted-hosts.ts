// Forward-resolves the trusted host names (no reverse DNS: docs/decisions.md: Trusted addresses are IPs, CIDR ranges
// and forward-resolved host names) into addresses.
import { promises as dns } from 'node:dns';

export type HostLookup = (host: string) => Promise<string[]>;

export const systemLookup: HostLookup = async (host) =>
  (await dns.lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

export interface ResolvedHosts {
  addresses: string[];
  /** `host: reason` for each name that did not resolve; it then trusts nobody. */
  failures: string[];
}

export async function resolveHosts(hosts: readonly string[], lookup: HostLookup): Promise<ResolvedHosts> {
  const names = hosts.map((host) => host.trim()).filter((host) => host !== '');
  const results = await Promise.allSettled(names.map((name) => lookup(name)));
  const addresses: string[] = [];
  const failures: string[] = [];
  results.forEach((result, position) => {
    if (result.status === 'fulfilled') addresses.push(...result.value);
    else
      failures.push(
        `${names[position]}: ${result.reason instanceof Error ? result.reason.message : String(result.reason)}`,
      );
  });
  return { addresses: [...new Set(addresses)], failures };
}
