// User records and the private accounts table from settings/users/*.yaml
// (docs/typemill.md: User records are the user files without the password).
import { ROLES, type Account } from '../../contract/snapshot.ts';
import type { BuildProblem } from '../types.ts';
import { isRecord } from '../load/yaml.ts';

export interface UserFile {
  /** File name without `.yaml`: the name a caller logs in with. */
  name: string;
  file: string;
  data: unknown;
}

export interface Users {
  /** Login name → record without password, keys in file order. */
  records: Map<string, Record<string, unknown>>;
  accounts: Record<string, Account>;
  warnings: BuildProblem[];
}

/** Typemill's loose truth: true, 1, or a non-empty string other than "0". */
export function looselyTrue(value: unknown): boolean {
  if (typeof value === 'string') return value !== '' && value !== '0';
  if (typeof value === 'number') return value !== 0;
  return value === true;
}

export function readUsers(files: readonly UserFile[]): Users {
  const records = new Map<string, Record<string, unknown>>();
  const accounts: Record<string, Account> = {};
  const warnings: BuildProblem[] = [];
  for (const { name, file, data } of files) {
    if (!isRecord(data)) {
      warnings.push({ file, message: 'user file is not a mapping; user skipped' });
      continue;
    }
    const { password, ...record } = data;
    const role = typeof data.userrole === 'string' ? data.userrole : '';
    if (typeof password !== 'string' || password === '')
      warnings.push({ file, message: 'user has no password; API login is impossible' });
    if (role === '') warnings.push({ file, message: 'user has no role (userrole); every endpoint refuses it' });
    else if (!(ROLES as readonly string[]).includes(role))
      warnings.push({
        file,
        message: `user role "${role}" is not one of ${ROLES.join(', ')}; every endpoint refuses it`,
      });
    records.set(name, record);
    accounts[name] = {
      username: typeof data.username === 'string' ? data.username : name,
      role,
      apiaccess: looselyTrue(data.apiaccess),
      hash: typeof password === 'string' ? password : '',
    };
  }
  if (!Object.values(accounts).some(mayCallTheApi)) warnings.push(NO_API_USER);
  return { records, accounts, warnings };
}

/** A user who can log in to the API at all: API access, a password, and a role above guest. */
function mayCallTheApi(account: Account): boolean {
  return (
    account.apiaccess &&
    account.hash !== '' &&
    account.role !== 'guest' &&
    (ROLES as readonly string[]).includes(account.role)
  );
}

const NO_API_USER: BuildProblem = {
  file: 'settings/users/',
  message:
    'no user may call the API (none has apiaccess: true, a password and a role above guest), so every request gets 401; add one with: snapi user add NAME --role author',
};

const naturalOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

export function byNaturalName(names: Iterable<string>): string[] {
  return [...names].sort(
    (left, right) => naturalOrder.compare(left, right) || (left < right ? -1 : left > right ? 1 : 0),
  );
}

/** Role → login names with exactly that role, natural case-insensitive order. */
export function namesByRole(users: Users): Map<string, string[]> {
  const byRole = new Map<string, string[]>(ROLES.map((role) => [role, []]));
  for (const name of byNaturalName(users.records.keys())) {
    byRole.get(String(users.records.get(name)?.userrole ?? ''))?.push(name);
  }
  return byRole;
}

/** Lower-cased email → login names with that email, natural order exact and case-insensitive
 *  (docs/typemill.md: Users endpoints validate their parameters). */
export function namesByEmail(users: Users): Map<string, string[]> {
  const byEmail = new Map<string, string[]>();
  for (const name of byNaturalName(users.records.keys())) {
    const email = users.records.get(name)?.email;
    if (typeof email !== 'string' || email === '') continue;
    const key = email.toLowerCase();
    byEmail.set(key, [...(byEmail.get(key) ?? []), name]);
  }
  return byEmail;
}
