// Specification of user records and the user indexes
// (docs/typemill.md: User records are the user files without the password; Users endpoints validate their parameters).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { encodePhpJson } from '../../../generator/php/php-json.ts';
import { byNaturalName, namesByEmail, namesByRole, readUsers, type UserFile } from '../../../generator/plan/users.ts';

function userFile(name: string, data: unknown): UserFile {
  return { name, file: `settings/users/${name}.yaml`, data };
}

const ANNA = userFile('anna', {
  username: 'anna',
  email: 'Anna@Example.org',
  password: '$2y$10$abcdefghijklmnopqrstuuE0lXbQ0h7Ks6cKUzH1z2p4nV9c7Jb3G',
  userrole: 'author',
  lastlogin: 1714003200,
  firstname: 'Anna',
  darkmode: false,
  apiaccess: true,
  fingerprints: ['0cc175b9c0f1b6a831c399e269772661'],
  authcodedata: '12345:1714003200:1714003300',
});

const records = suite('readUsers: records');

records('returns the yaml without password, keys in file order, types kept', () => {
  const users = readUsers([ANNA]);
  assert.is(
    encodePhpJson(users.records.get('anna')),
    '{"username":"anna","email":"Anna@Example.org","userrole":"author","lastlogin":1714003200,"firstname":"Anna","darkmode":false,"apiaccess":true,' +
      '"fingerprints":["0cc175b9c0f1b6a831c399e269772661"],"authcodedata":"12345:1714003200:1714003300"}',
  );
});

records('keys records by file name, even when the yaml names another user', () => {
  const users = readUsers([userFile('login', { username: 'display', userrole: 'member', password: 'x' })]);
  assert.equal([...users.records.keys()], ['login']);
  assert.is(users.accounts.login?.username, 'display');
});

records('skips a file that is not a mapping and warns naming it', () => {
  const users = readUsers([userFile('broken', 'just text'), ANNA]);
  assert.equal([...users.records.keys()], ['anna']);
  assert.equal(
    users.warnings.map((warning) => warning.file),
    ['settings/users/broken.yaml'],
  );
});
records.run();

const accounts = suite('readUsers: accounts for authentication');

accounts('keeps username, role, API access and the hash as stored', () => {
  assert.equal(readUsers([ANNA]).accounts.anna, {
    username: 'anna',
    role: 'author',
    apiaccess: true,
    hash: '$2y$10$abcdefghijklmnopqrstuuE0lXbQ0h7Ks6cKUzH1z2p4nV9c7Jb3G',
  });
});

const API_ACCESS: Array<[value: unknown, allowed: boolean]> = [
  [true, true],
  [1, true],
  ['yes', true],
  ['1', true],
  ['true', true],
  [false, false],
  [0, false],
  ['', false],
  ['0', false],
  [null, false],
  [undefined, false],
];
for (const [value, allowed] of API_ACCESS) {
  accounts(`reads apiaccess ${JSON.stringify(value) ?? 'absent'} as ${allowed}`, () => {
    const users = readUsers([
      userFile('u', {
        username: 'u',
        userrole: 'author',
        password: 'x',
        ...(value === undefined ? {} : { apiaccess: value }),
      }),
    ]);
    assert.is(users.accounts.u?.apiaccess, allowed);
  });
}

accounts('warns about a user without password or with an unknown role, and keeps them', () => {
  const users = readUsers([
    userFile('nopass', { username: 'nopass', userrole: 'author' }),
    userFile('odd', { username: 'odd', userrole: 'superuser', password: 'x' }),
  ]);
  assert.equal(users.accounts.nopass?.hash, '');
  assert.equal(users.accounts.odd?.role, 'superuser');
  assert.equal(
    users.warnings.map((warning) => warning.file),
    ['settings/users/nopass.yaml', 'settings/users/odd.yaml', 'settings/users/'],
  );
});

accounts('warns, naming settings/users/, when no user may call the API, and not when one may', () => {
  const noOne = [
    userFile('guest', { username: 'guest', userrole: 'guest', password: 'x', apiaccess: true }),
    userFile('closed', { username: 'closed', userrole: 'administrator', password: 'x', apiaccess: false }),
    userFile('nopass', { username: 'nopass', userrole: 'author', apiaccess: true }),
    userFile('odd', { username: 'odd', userrole: 'superuser', password: 'x', apiaccess: true }),
  ];
  const warning = {
    file: 'settings/users/',
    message:
      'no user may call the API (none has apiaccess: true, a password and a role above guest), so every request gets 401; add one with: snapi user add NAME --role author',
  };
  assert.equal(readUsers([]).warnings, [warning]);
  assert.equal(
    readUsers(noOne).warnings.filter((problem) => problem.file === 'settings/users/'),
    [warning],
  );
  const member = userFile('member', { username: 'member', userrole: 'member', password: 'x', apiaccess: '1' });
  assert.equal(
    readUsers([...noOne, member]).warnings.filter((problem) => problem.file === 'settings/users/'),
    [],
  );
});
accounts.run();

const indexes = suite('namesByRole and namesByEmail');

const TEAM = readUsers([
  userFile('author10', { username: 'author10', email: 'ten@example.org', userrole: 'author' }),
  userFile('author2', { username: 'author2', email: 'TWO@example.org', userrole: 'author' }),
  userFile('Bob', { username: 'Bob', email: 'two@EXAMPLE.org', userrole: 'author' }),
  userFile('admin', { username: 'admin', email: 'admin@example.org', userrole: 'administrator' }),
  userFile('alice', { username: 'alice', userrole: 'editor' }),
  userFile('carl', { username: 'carl', email: '', userrole: 'inventor' }),
]);

indexes('lists users with exactly each role in natural, case-insensitive name order', () => {
  assert.equal(Object.fromEntries(namesByRole(TEAM)), {
    guest: [],
    member: [],
    contributor: [],
    author: ['author2', 'author10', 'Bob'],
    editor: ['alice'],
    manager: [],
    administrator: ['admin'],
  });
});

indexes('keys users by lower-cased email, every match in natural name order', () => {
  assert.equal(Object.fromEntries(namesByEmail(TEAM)), {
    'admin@example.org': ['admin'],
    'ten@example.org': ['author10'],
    'two@example.org': ['author2', 'Bob'],
  });
});

indexes('sorts names naturally: numbers by value, letters without case', () => {
  assert.equal(byNaturalName(['user10', 'User2', 'user1', 'anna', 'Zed']), ['anna', 'user1', 'User2', 'user10', 'Zed']);
});
indexes.run();
