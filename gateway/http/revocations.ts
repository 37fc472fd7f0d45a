// The revocation list a gateway holds (`serve --revoked-tokens FILE`): read at start, where a missing or unreadable
// file stops the start, and again on each reload (SIGHUP), where a failure keeps the list read before.
import { readRevokedTokens } from '../auth/revoked-tokens.ts';
import type { RevokedTokens } from '../auth/token-table.ts';

export interface Revocations {
  current: () => RevokedTokens | undefined;
  reload: () => Promise<void>;
}

export async function openRevocations(
  path: string | undefined,
  logEvent: (event: string, details: Record<string, unknown>) => void,
): Promise<Revocations> {
  if (path === undefined) return { current: () => undefined, reload: async () => undefined };
  let revoked = await readRevokedTokens(path).catch((error: unknown) => {
    throw new Error(`gateway: --revoked-tokens ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  });
  return {
    current: () => revoked,
    reload: async () => {
      try {
        revoked = await readRevokedTokens(path);
        logEvent('revoked-tokens-loaded', { file: path, names: revoked.names.size, hashes: revoked.hashes.size });
      } catch (error) {
        logEvent('revoked-tokens-error', {
          file: path,
          reason: (error as NodeJS.ErrnoException).code ?? String(error),
        });
      }
    },
  };
}
