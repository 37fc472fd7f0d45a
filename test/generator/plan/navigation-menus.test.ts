// Specification of the author-interface menus per role
// (docs/typemill.md: The main menu per role; The system menu per role; Plugins add system menu entries through systemnavi).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { encodePhpJson } from '../../../generator/php/php-json.ts';
import { isAllowed } from '../../../generator/plan/acl.ts';
import { mainNavigation, pluginSystemEntries, systemNavigation } from '../../../generator/plan/navigation-menus.ts';

const MAIN_CONTENT =
  '"content":{"title":"Content","routename":"content.visual","aclresource":"content","aclprivilege":"read"}';
const MAIN_SYSTEM =
  '"system":{"title":"System","routename":"settings.show","aclresource":"system","aclprivilege":"read","active":true}';
const MAIN_ACCOUNT =
  '"account":{"title":"Account","routename":"user.account","aclresource":"account","aclprivilege":"read"}';
const MAIN_FRONTEND =
  '"frontend":{"title":"Frontend","routename":"home","aclresource":"account","aclprivilege":"read"}';
const MAIN_LOGOUT =
  '"logout":{"title":"Logout","routename":"auth.logout","aclresource":"account","aclprivilege":"read"}';

const main = suite('mainNavigation: entries per role');

const MAIN_BY_ROLE: Array<[role: string, entries: string[]]> = [
  ['member', [MAIN_ACCOUNT, MAIN_FRONTEND, MAIN_LOGOUT]],
  ['contributor', [MAIN_ACCOUNT, MAIN_FRONTEND, MAIN_LOGOUT]],
  ['author', [MAIN_CONTENT, MAIN_ACCOUNT, MAIN_FRONTEND, MAIN_LOGOUT]],
  ['editor', [MAIN_CONTENT, MAIN_ACCOUNT, MAIN_FRONTEND, MAIN_LOGOUT]],
  ['manager', [MAIN_CONTENT, MAIN_SYSTEM, MAIN_FRONTEND, MAIN_LOGOUT]],
  ['administrator', [MAIN_CONTENT, MAIN_SYSTEM, MAIN_FRONTEND, MAIN_LOGOUT]],
];
for (const [role, entries] of MAIN_BY_ROLE) {
  main(`gives ${role} exactly ${entries.map((entry) => entry.slice(1, entry.indexOf('"', 1))).join(', ')}`, () => {
    assert.is(encodePhpJson({ mainnavi: mainNavigation(role, 'visual') }), `{"mainnavi":{${entries.join(',')}}}`);
  });
}

main('links content to the raw editor when settings.editor is raw', () => {
  assert.equal(mainNavigation('author', 'raw').content, {
    title: 'Content',
    routename: 'content.raw',
    aclresource: 'content',
    aclprivilege: 'read',
  });
});

main('gives a guest nothing', () => {
  assert.equal(mainNavigation('guest', 'visual'), {});
});
main.run();

const system = suite('systemNavigation: entries per role');

const SYSTEM =
  '"system":{"title":"System","routename":"settings.show","icon":"icon-wrench","aclresource":"system","aclprivilege":"read","url":"\\/typemill\\/tm\\/system"}';
const LICENSE =
  '"license":{"title":"License","routename":"license.show","icon":"icon-wrench","aclresource":"user","aclprivilege":"read","url":"\\/typemill\\/tm\\/license"}';
const THEMES =
  '"themes":{"title":"Themes","routename":"themes.show","icon":"icon-paint-brush","aclresource":"system","aclprivilege":"read","url":"\\/typemill\\/tm\\/themes"}';
const PLUGINS =
  '"plugins":{"title":"Plugins","routename":"plugins.show","icon":"icon-plug","aclresource":"system","aclprivilege":"read","url":"\\/typemill\\/tm\\/plugins"}';
const ACCOUNT =
  '"account":{"title":"Account","routename":"user.account","icon":"icon-user","aclresource":"account","aclprivilege":"read","url":"\\/typemill\\/tm\\/account"}';
const USERS =
  '"users":{"title":"Users","routename":"users.show","icon":"icon-group","aclresource":"user","aclprivilege":"read","url":"\\/typemill\\/tm\\/users"}';
const DEMO =
  '"Demo":{"title":"Demo","routename":"demo.admin","icon":"icon-download","aclresource":"system","aclprivilege":"view","url":"\\/typemill\\/tm\\/demo"}';

/** The demo plugin's `systemnavi:` as parsed from plugins/demo/demo.yaml. */
const DEMO_PLUGIN = pluginSystemEntries({
  Demo: { title: 'Demo', routename: 'demo.admin', icon: 'icon-download', aclresource: 'system', aclprivilege: 'view' },
});

const SYSTEM_BY_ROLE: Array<[role: string, entries: string[]]> = [
  ['member', [ACCOUNT]],
  ['contributor', [ACCOUNT]],
  ['author', [ACCOUNT]],
  ['editor', [ACCOUNT]],
  ['manager', [SYSTEM, THEMES, PLUGINS, ACCOUNT]],
  ['administrator', [SYSTEM, LICENSE, THEMES, PLUGINS, ACCOUNT, USERS, DEMO]],
];
for (const [role, entries] of SYSTEM_BY_ROLE) {
  system(`gives ${role} exactly ${entries.map((entry) => entry.slice(1, entry.indexOf('"', 1))).join(', ')}`, () => {
    assert.is(
      encodePhpJson({ systemnavi: systemNavigation(role, '/typemill', DEMO_PLUGIN) }),
      `{"systemnavi":{${entries.join(',')}}}`,
    );
  });
}

system('builds URLs without an installation folder as /tm/<key>', () => {
  assert.is(systemNavigation('member', '', []).account?.url, '/tm/account');
});
system.run();

const plugins = suite('pluginSystemEntries: entries from an active plugin');

plugins('lower-cases the entry key for the default URL and keeps the key as is', () => {
  const menu = systemNavigation(
    'administrator',
    '/docs',
    pluginSystemEntries({
      MyTool: {
        title: 'My tool',
        routename: 'mytool.show',
        icon: 'icon-x',
        aclresource: 'system',
        aclprivilege: 'read',
      },
    }),
  );
  assert.equal(menu.MyTool, {
    title: 'My tool',
    routename: 'mytool.show',
    icon: 'icon-x',
    aclresource: 'system',
    aclprivilege: 'read',
    url: '/docs/tm/mytool',
  });
});

plugins("prefixes an entry's own url with the base path", () => {
  const menu = systemNavigation(
    'member',
    '/docs',
    pluginSystemEntries({
      help: {
        title: 'Help',
        routename: 'help',
        icon: 'icon-help',
        aclresource: 'account',
        aclprivilege: 'read',
        url: '/tm/help-center',
      },
    }),
  );
  assert.equal(Object.keys(menu), ['account', 'help']);
  assert.is(menu.help?.url, '/docs/tm/help-center');
});

plugins('appends plugin entries after the built-in ones, in the given order, filtered by role', () => {
  const entries = [
    ...pluginSystemEntries({
      first: { title: 'First', routename: 'a', icon: 'i', aclresource: 'account', aclprivilege: 'read' },
    }),
    ...pluginSystemEntries({
      second: { title: 'Second', routename: 'b', icon: 'i', aclresource: 'user', aclprivilege: 'read' },
    }),
    ...pluginSystemEntries({
      third: { title: 'Third', routename: 'c', icon: 'i', aclresource: 'content', aclprivilege: 'read' },
    }),
  ];
  assert.equal(Object.keys(systemNavigation('author', '', entries)), ['account', 'first', 'third']);
  assert.equal(Object.keys(systemNavigation('administrator', '', entries)).slice(-3), ['first', 'second', 'third']);
});

plugins('ignores a systemnavi value that is not a map, and entries that are not maps', () => {
  assert.equal(pluginSystemEntries(['x']), []);
  assert.equal(pluginSystemEntries({ broken: 'text' }), []);
});
plugins.run();

const acl = suite('isAllowed: role permissions');

const PERMISSIONS: Array<[resource: string, privilege: string, roles: string[]]> = [
  ['account', 'read', ['member', 'contributor', 'author', 'editor', 'manager', 'administrator']],
  ['mycontent', 'create', ['contributor', 'author', 'editor', 'manager', 'administrator']],
  ['content', 'read', ['author', 'editor', 'manager', 'administrator']],
  ['content', 'publish', ['editor', 'manager', 'administrator']],
  ['system', 'read', ['manager', 'administrator']],
  ['system', 'view', ['administrator']],
  ['user', 'update', ['administrator']],
  ['user', 'read', ['administrator']],
];
const ALL_ROLES = ['guest', 'member', 'contributor', 'author', 'editor', 'manager', 'administrator', 'unknown'];
for (const [resource, privilege, roles] of PERMISSIONS) {
  acl(`lets exactly ${roles.join(', ')} ${privilege} ${resource}`, () => {
    assert.equal(
      ALL_ROLES.filter((role) => isAllowed(role, resource, privilege)),
      roles,
    );
  });
}
acl.run();
