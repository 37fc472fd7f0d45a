// The stdio server's user: SNAPI_USER / SNAPI_PASSWORD checked like Basic credentials against the snapshot being
// served.
import { authenticateRequest, verifyWithBcrypt } from '../auth/authenticate.ts';
import { createLoginLimiter, DEFAULT_LIMITER_OPTIONS } from '../auth/login-limiter.ts';
import { MCP_ROUTE } from '../api/endpoints.ts';
import type { VerifyPassword } from '../auth/authenticate.ts';
import type { AuthenticatedUser } from '../auth/credential-cache.ts';
import { MESSAGES } from '../reply/reply.ts';
import { authorize } from '../auth/authorize.ts';
import type { ServingState } from '../snapshot/serving-state.ts';

/** stdio has no client address; its own limiter stops a loop of wrong passwords all the same. */
const STDIO_LIMITER = createLoginLimiter(DEFAULT_LIMITER_OPTIONS);

export class CredentialsError extends Error {}

/** A user's credentials, or an API token (`SNAPI_TOKEN`), which wins when both are set. */
export type StdioCredentials = { username: string; password: string } | { token: string };

export function credentialsFromEnvironment(environment: NodeJS.ProcessEnv): StdioCredentials {
  const token = environment.SNAPI_TOKEN ?? '';
  if (token !== '') return { token };
  const username = environment.SNAPI_USER ?? '';
  const password = environment.SNAPI_PASSWORD ?? '';
  if (username === '' || password === '')
    throw new CredentialsError(
      'snapi mcp: set SNAPI_TOKEN to an API token, or SNAPI_USER and SNAPI_PASSWORD to the credentials of an API user (role author or above)',
    );
  return { username, password };
}

/** How the stdio user shows in the ready line: the user name, or `token`. */
export function credentialsLabel(credentials: StdioCredentials): string {
  return 'token' in credentials ? 'token' : credentials.username;
}

function messageOf(reply: { body: { kind: string; bytes?: Buffer } }): string {
  return reply.body.kind === 'bytes' && reply.body.bytes
    ? String((JSON.parse(reply.body.bytes.toString('utf8')) as { message?: unknown }).message)
    : '';
}

/** Checked once per credential cache, which a reload keeps only while the accounts are the same, so a changed
 *  password or role counts after a reload. */
export async function stdioUser(
  state: ServingState,
  credentials: StdioCredentials,
  verify: VerifyPassword = verifyWithBcrypt,
): Promise<AuthenticatedUser> {
  // The cache key is the Authorization header this user would send over HTTP.
  const header =
    'token' in credentials
      ? `Bearer ${credentials.token}`
      : `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
  const outcome = await authenticateRequest(
    { address: 'stdio', authorization: header, now: Date.now() },
    {
      accounts: state.snapshot.accounts,
      dummyHash: state.dummyHash,
      cache: state.credentials,
      verify,
      limiter: STDIO_LIMITER,
      ...(state.snapshot.tokens === undefined ? {} : { tokens: state.snapshot.tokens }),
    },
  );
  const user = outcome.allowed ? outcome.user : undefined;
  if (user === undefined)
    throw new CredentialsError(
      `snapi mcp: ${MESSAGES.authenticationFailed} Check ${'token' in credentials ? 'SNAPI_TOKEN' : 'SNAPI_USER and SNAPI_PASSWORD'}.`,
    );
  // The MCP server needs what the search endpoint needs: page text.
  const denied = authorize(user.role, MCP_ROUTE);
  if (denied !== undefined) throw new CredentialsError(`snapi mcp: ${messageOf(denied)}`);
  return user;
}
