// `snapi token add NAME --role ROLE [--expires D] | list | revoke NAME | rotate NAME`: read-only API tokens in
// settings/snapi-tokens.yaml. A token is printed once and never stored: the file holds its SHA-256
// (docs/operations.md: API tokens).
import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CommandFailure, parseCommandArguments, runCommand, UsageError } from '../../terminal/command-line.ts';
import { readTokenFile, TOKEN_FILE, tokenNameProblem, tokenRoleProblem, writeTokenFile } from '../plan/token-file.ts';
import type { TokenFileEntry } from '../plan/token-file.ts';
import {
  addedEntry,
  DEFAULT_EXPIRY,
  DEFAULT_OVERLAP,
  endOf,
  formatTokenList,
  newToken,
  rotatedEntry,
} from '../plan/token-changes.ts';

const TOKEN = {
  name: 'token',
  usage: `usage: snapi token add NAME --role ROLE [--expires DURATION] [--site DIR]
       snapi token list [--site DIR]
       snapi token revoke NAME [--site DIR]
       snapi token rotate NAME [--overlap DURATION] [--site DIR]

Read-only API tokens (Authorization: Bearer snapi_…) in DIR/settings/snapi-tokens.yaml, which holds only each token's
SHA-256, name, role, expiry and times. add and rotate print the new token once, on its own line; keep it then.
A change counts once the site is built again (watch: seconds); serve --revoked-tokens refuses a token at once.
  add NAME          a new token; NAME: 1-64 letters, digits, dots, dashes or underscores
  --role ROLE       member, contributor, author, editor, manager or administrator
  --expires D       Ns, Nm, Nh, Nd or an ISO date-time (default ${DEFAULT_EXPIRY})
  list              name, role, expiry and last rotation of each token (never a token)
  revoke NAME       remove the token
  rotate NAME       a new token for NAME; the old one keeps working for --overlap (default ${DEFAULT_OVERLAP}, 0s: none)
  --site DIR        the site folder (default .)

example: snapi token add ci --role author --expires 30d --site ./my-site`,
  options: {
    site: { type: 'string', default: '.' },
    role: { type: 'string' },
    expires: { type: 'string' },
    overlap: { type: 'string' },
  },
  positionals: 2,
} as const;

type Values = Record<string, string | boolean | undefined>;

function tokenFilePath(site: string): string {
  if (!existsSync(join(site, 'settings')) || !statSync(join(site, 'settings')).isDirectory())
    throw new UsageError(`site folder "${site}" has no settings/ folder (give --site the folder that holds settings/)`);
  return join(site, TOKEN_FILE);
}

async function readEntries(path: string): Promise<TokenFileEntry[]> {
  if (!existsSync(path)) return [];
  const { entries, problems } = readTokenFile(await readFile(path, 'utf8'));
  const problem = problems[0];
  if (problem !== undefined)
    throw new CommandFailure(`${path}:${problem.line ?? 1}: ${problem.message} (fix the file; nothing was written)`);
  return entries;
}

/** Written beside the file and renamed over it, readable by its owner only. */
async function writeEntries(path: string, entries: readonly TokenFileEntry[]): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, writeTokenFile(entries), { flag: 'wx', mode: 0o600 });
  await rename(temporary, path);
}

function requireName(name: string | undefined, action: string): string {
  if (name === undefined) throw new UsageError(`snapi token ${action} needs a token name`);
  const problem = tokenNameProblem(name);
  if (problem !== undefined) throw new UsageError(problem);
  return name;
}

function timeOption(values: Values, option: 'expires' | 'overlap', fallback: string, now: number): Date {
  const text = typeof values[option] === 'string' ? (values[option] as string) : fallback;
  try {
    return endOf(text, now, `--${option}`);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

async function addToken(name: string, values: Values): Promise<void> {
  const path = tokenFilePath(String(values.site));
  const role = values.role;
  if (typeof role !== 'string') throw new UsageError('--role ROLE is required');
  const roleProblem = tokenRoleProblem(role);
  if (roleProblem !== undefined) throw new UsageError(roleProblem);
  const now = new Date();
  const expires = timeOption(values, 'expires', DEFAULT_EXPIRY, now.getTime());
  if (expires.getTime() <= now.getTime()) throw new UsageError(`--expires ${String(values.expires)} is in the past`);
  const entries = await readEntries(path);
  if (entries.some((entry) => entry.name === name))
    throw new CommandFailure(
      `a token named ${name} exists (rotate it: snapi token rotate ${name}, or revoke it first)`,
    );
  const token = newToken(randomBytes);
  await writeEntries(path, [...entries, addedEntry(name, role, token, now, expires)]);
  process.stderr.write(
    `snapi token: added ${name} (${role}, expires ${expires.toISOString()}) to ${path}; build the site to let it in. The token, shown once:\n`,
  );
  console.log(token);
}

async function rotateToken(name: string, values: Values): Promise<void> {
  const path = tokenFilePath(String(values.site));
  const entries = await readEntries(path);
  const entry = entries.find((candidate) => candidate.name === name);
  if (entry === undefined) throw new CommandFailure(`no token named ${name} in ${path} (snapi token list shows them)`);
  const now = new Date();
  const overlapEnd = timeOption(values, 'overlap', DEFAULT_OVERLAP, now.getTime());
  const token = newToken(randomBytes);
  const rotated = rotatedEntry(entry, token, now, overlapEnd);
  await writeEntries(
    path,
    entries.map((candidate) => (candidate === entry ? rotated : candidate)),
  );
  const overlap =
    rotated.previous === undefined
      ? 'the old token stops with the next build'
      : `the old token works until ${rotated.previous.expires}`;
  process.stderr.write(`snapi token: rotated ${name} in ${path}; ${overlap}. The new token, shown once:\n`);
  console.log(token);
}

async function revokeToken(name: string, values: Values): Promise<void> {
  const path = tokenFilePath(String(values.site));
  const entries = await readEntries(path);
  if (!entries.some((entry) => entry.name === name))
    throw new CommandFailure(`no token named ${name} in ${path} (snapi token list shows them)`);
  await writeEntries(
    path,
    entries.filter((entry) => entry.name !== name),
  );
  console.log(
    `snapi token: revoked ${name}; refused once the site is built again (at once: add "${name}" to the file of serve --revoked-tokens and send SIGHUP)`,
  );
}

async function listTokens(values: Values): Promise<void> {
  const path = tokenFilePath(String(values.site));
  const entries = await readEntries(path);
  console.log(
    entries.length === 0
      ? `no tokens in ${path} (add one: snapi token add NAME --role author)`
      : formatTokenList(entries, Date.now()),
  );
}

runCommand(TOKEN, async () => {
  const { values, positionals } = parseCommandArguments(TOKEN, process.argv.slice(2));
  const [action, name] = positionals;
  if (action === 'add') return addToken(requireName(name, 'add'), values);
  if (action === 'rotate') return rotateToken(requireName(name, 'rotate'), values);
  if (action === 'revoke') return revokeToken(requireName(name, 'revoke'), values);
  if (action === 'list') {
    if (name !== undefined) throw new UsageError(`unexpected argument "${name}"`);
    return listTokens(values);
  }
  throw new UsageError(
    action === undefined
      ? 'say add, list, revoke or rotate'
      : `unknown action "${action}": say add, list, revoke or rotate`,
  );
});
