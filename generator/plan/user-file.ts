// A user file in settings/users/ as Typemill writes it, made and changed by `snapi user`
// (docs/decisions.md: Accounts are made with snapi user): name, role and email checks, the new file's YAML, and a
// password change that keeps the rest.
import { parseDocument, stringify } from 'yaml';
import { ROLES, type Role } from '../../contract/snapshot.ts';

/** Typemill's rule for user names: letters and digits, 3 to 20 of them; the name is also the file name. */
const USER_NAME = /^[A-Za-z0-9]{3,20}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** bcrypt reads at most 72 bytes of a password; a longer one would be cut without a word. */
const MAX_PASSWORD_BYTES = 72;
export const MIN_PASSWORD_LENGTH = 8;
/** Typemill's cost for new hashes (PHP's password_hash default). */
export const BCRYPT_COST = 10;

export function userNameProblem(name: string): string | undefined {
  return USER_NAME.test(name)
    ? undefined
    : `user name "${name}" must be 3 to 20 letters or digits (Typemill's rule; it is also the file name)`;
}

export function roleProblem(role: string): string | undefined {
  return (ROLES as readonly string[]).includes(role) ? undefined : `--role "${role}" is not one of ${ROLES.join(', ')}`;
}

export function emailProblem(email: string): string | undefined {
  return EMAIL.test(email) ? undefined : `--email "${email}" is not an email address`;
}

export function passwordProblem(password: string): string | undefined {
  if ([...password].length < MIN_PASSWORD_LENGTH)
    return `the password must have at least ${MIN_PASSWORD_LENGTH} characters`;
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES)
    return `the password must be at most ${MAX_PASSWORD_BYTES} bytes (bcrypt ignores the rest)`;
  return undefined;
}

/** bcryptjs writes `$2b$`; PHP's password_hash writes `$2y$`, the same algorithm under PHP's name. */
export function asPhpHash(hash: string): string {
  return hash.replace(/^\$2[ab]\$/, '$2y$');
}

export interface NewUser {
  name: string;
  role: Role;
  email?: string;
  hash: string;
}

/** The fields in Typemill's order; `apiaccess: true`, since a user made for snapi is made to call the API. */
export function newUserYaml(user: NewUser): string {
  return stringify({
    username: user.name,
    ...(user.email === undefined ? {} : { email: user.email }),
    userrole: user.role,
    password: user.hash,
    apiaccess: true,
  });
}

/** The file's text with only the password replaced; comments, order and every other field stay. */
export function withPassword(yamlText: string, hash: string): string {
  const document = parseDocument(yamlText);
  if (document.errors.length > 0)
    throw new Error(`it is not valid YAML (${document.errors[0]?.message.split('\n')[0]})`);
  if (!document.contents || !('set' in document.contents)) throw new Error('it is not a YAML mapping');
  document.set('password', hash);
  return document.toString();
}

export interface UserSummary {
  name: string;
  role: string;
  email: string;
  apiaccess: boolean;
}

/** One line per user for `snapi user list`, in columns; never a password or hash. */
export function formatUserList(users: readonly UserSummary[]): string {
  const rows = [
    ['NAME', 'ROLE', 'EMAIL', 'API'],
    ...users.map((user) => [user.name, user.role || '-', user.email || '-', user.apiaccess ? 'yes' : 'no']),
  ];
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) => row.map((cell, column) => (column < 3 ? cell.padEnd(widths[column]!) : cell)).join('  '))
    .join('\n');
}
