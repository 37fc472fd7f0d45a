// The credential step's tables (accounts, cache, tokens, revocations) for decide, made once per serving state.
import type { AuthenticationTables } from '../auth/authenticate.ts';
import type { LoginLimiter } from '../auth/login-limiter.ts';
import type { ServingState } from '../snapshot/serving-state.ts';

type CredentialTables = AuthenticationTables & { limiter: LoginLimiter };

/** What the serving machine brings to the credential step; the rest comes from the state. */
export type MachineTables = Pick<CredentialTables, 'verify' | 'limiter' | 'revoked'>;

// The credential step's tables, made once per serving state: a request allocates none of them.
const CREDENTIAL_TABLES = new WeakMap<ServingState, CredentialTables>();

export function credentialTablesOf(state: ServingState, tables: MachineTables): CredentialTables {
  const known = CREDENTIAL_TABLES.get(state);
  if (known?.verify === tables.verify && known.limiter === tables.limiter && known.revoked === tables.revoked)
    return known;
  const made: CredentialTables = {
    accounts: state.snapshot.accounts,
    dummyHash: state.dummyHash,
    cache: state.credentials,
    verify: tables.verify,
    limiter: tables.limiter,
    ...(state.snapshot.tokens === undefined ? {} : { tokens: state.snapshot.tokens }),
    ...(tables.revoked === undefined ? {} : { revoked: tables.revoked }),
  };
  CREDENTIAL_TABLES.set(state, made);
  return made;
}
