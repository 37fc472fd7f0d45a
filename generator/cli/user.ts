// `snapi user add NAME --role ROLE | passwd NAME | list`: user accounts in settings/users/ with a bcrypt hash, so no
// one writes a hash by hand (docs/decisions.md: Accounts are made with snapi user). Passwords are never echoed or
// logged.
import { hash } from 'bcryptjs';
import { existsSync, statSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { CommandFailure, parseCommandArguments, runCommand, UsageError } from '../../terminal/command-line.ts';
import { readNewPassword } from '../../terminal/read-password.ts';
import type { Role } from '../../contract/snapshot.ts';
import {
  asPhpHash,
  BCRYPT_COST,
  emailProblem,
  formatUserList,
  newUserYaml,
  passwordProblem,
  roleProblem,
  userNameProblem,
  withPassword,
} from '../plan/user-file.ts';
import { looselyTrue } from '../plan/users.ts';

const USER = {
  name: 'user',
  usage: `usage: snapi user add NAME --role ROLE [--email E] [--site DIR] [--force]
       snapi user passwd NAME [--site DIR]
       snapi user list [--site DIR]

Manages the accounts in DIR/settings/users/ in Typemill's format. add and passwd ask for the password twice on a
terminal, or read one line from standard input when it is not a terminal; the file holds a bcrypt hash ($2y$, cost 10).
  add NAME          a new user who may call the API (apiaccess: true); NAME: 3-20 letters or digits
  --role ROLE       guest, member, contributor, author, editor, manager or administrator
  --email E         the user's email address (users/getbyemail finds it)
  --force           replace an existing user file
  passwd NAME       set a new password, keeping every other field
  list              name, role, email and API access of each user
  --site DIR        the site folder (default .)

example: printf '%s\\n' "$PASSWORD" | snapi user add cibot --role author --site ./my-site`,
  options: {
    site: { type: 'string', default: '.' },
    role: { type: 'string' },
    email: { type: 'string' },
    force: { type: 'boolean', default: false },
  },
  positionals: 2,
} as const;

function usersFolder(site: string): string {
  if (!existsSync(site) || !statSync(site).isDirectory())
    throw new UsageError(
      `site folder "${site}" does not exist (give --site the folder that holds content/ and settings/)`,
    );
  return join(site, 'settings', 'users');
}

/** Written beside the file and renamed over it: a reader sees the old file or the new one. */
async function writeAtomically(path: string, text: string): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, text, { flag: 'wx' });
  await rename(temporary, path);
}

async function newHash(): Promise<string> {
  const password = await readNewPassword(process.stdin, process.stderr);
  const problem = passwordProblem(password);
  if (problem !== undefined) throw new CommandFailure(`${problem}; nothing was written`);
  return asPhpHash(await hash(password, BCRYPT_COST));
}

function requireName(name: string | undefined, command: string): string {
  if (name === undefined) throw new UsageError(`snapi user ${command} needs a user name`);
  const problem = userNameProblem(name);
  if (problem !== undefined) throw new UsageError(problem);
  return name;
}

async function addUser(name: string, values: Record<string, unknown>): Promise<void> {
  const folder = usersFolder(String(values.site));
  const role = values.role;
  if (typeof role !== 'string') throw new UsageError('--role ROLE is required');
  const problem = roleProblem(role) ?? (typeof values.email === 'string' ? emailProblem(values.email) : undefined);
  if (problem !== undefined) throw new UsageError(problem);
  const file = join(folder, `${name}.yaml`);
  if (existsSync(file) && values.force !== true) {
    throw new CommandFailure(
      `${file} exists (pass --force to replace it, or run snapi user passwd ${name} to change its password)`,
    );
  }
  const hashed = await newHash();
  await mkdir(folder, { recursive: true });
  await writeAtomically(
    file,
    newUserYaml({
      name,
      role: role as Role,
      ...(typeof values.email === 'string' ? { email: values.email } : {}),
      hash: hashed,
    }),
  );
  console.log(`snapi user: wrote ${file} (${name}, ${role}, API access); build the site to let the user in`);
}

async function changePassword(name: string, values: Record<string, unknown>): Promise<void> {
  const file = join(usersFolder(String(values.site)), `${name}.yaml`);
  if (!existsSync(file))
    throw new CommandFailure(`${file} does not exist (run snapi user add ${name} --role ROLE first)`);
  const text = await readFile(file, 'utf8');
  const hashed = await newHash();
  let changed: string;
  try {
    changed = withPassword(text, hashed);
  } catch (error) {
    throw new CommandFailure(`${file}: ${(error as Error).message}; nothing was written`);
  }
  await writeAtomically(file, changed);
  console.log(`snapi user: changed the password in ${file}; build the site to apply it`);
}

async function listUsers(values: Record<string, unknown>): Promise<void> {
  const folder = usersFolder(String(values.site));
  const names = existsSync(folder) ? (await readdir(folder)).filter((file) => file.endsWith('.yaml')).sort() : [];
  const users = await Promise.all(
    names.map(async (file) => {
      let data: unknown;
      try {
        data = parseYaml(await readFile(join(folder, file), 'utf8'));
      } catch {
        data = undefined;
      }
      const fields = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
      return {
        name: file.slice(0, -'.yaml'.length),
        role: typeof fields.userrole === 'string' ? fields.userrole : '',
        email: typeof fields.email === 'string' ? fields.email : '',
        apiaccess: looselyTrue(fields.apiaccess),
      };
    }),
  );
  console.log(
    users.length === 0 ? `no users in ${folder} (add one: snapi user add NAME --role author)` : formatUserList(users),
  );
}

runCommand(USER, async () => {
  const { values, positionals } = parseCommandArguments(USER, process.argv.slice(2));
  const [action, name] = positionals;
  if (action === 'add') return addUser(requireName(name, 'add'), values);
  if (action === 'passwd') return changePassword(requireName(name, 'passwd'), values);
  if (action === 'list') {
    if (name !== undefined) throw new UsageError(`unexpected argument "${name}"`);
    return listUsers(values);
  }
  throw new UsageError(
    action === undefined ? 'say add, passwd or list' : `unknown action "${action}": say add, passwd or list`,
  );
});
