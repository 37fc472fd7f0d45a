// Specification of the settings response
// (docs/typemill.md: Settings are Typemill's defaults merged with settings.yaml; Secrets are removed from settings).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { encodePhpJson } from '../../../generator/php/php-json.ts';
import {
  activePlugins,
  listSetting,
  mergeSettings,
  settingsBody,
  type SettingsInput,
} from '../../../generator/plan/settings.ts';

const INPUT: SettingsInput = {
  userSettings: {
    title: 'My Docs',
    customkey: 'custom value',
    formats: ['markdown', 'headline'],
    images: { live: { width: 1000 } },
    langattr: 'de',
    plugins: { demo: { active: true } },
  },
  rootPath: '/var/www/site',
  pluginFolders: ['demo', 'search'],
  themesWithTemplate: ['cyanine', 'other'],
};

const merge = suite('mergeSettings: defaults, user settings and derived values');

merge('keeps default keys in their place with user values and appends the rest in order', () => {
  assert.equal(Object.keys(mergeSettings(INPUT)), [
    'version',
    'title',
    'author',
    'copyright',
    'language',
    'langattr',
    'editor',
    'storage',
    'formats',
    'images',
    'systemSettingsPath',
    'customkey',
    'plugins',
    'rootPath',
    'theme',
    'themes',
    'license',
  ]);
});

merge('merges every value as Typemill does', () => {
  assert.equal(mergeSettings(INPUT), {
    version: '2.10.0',
    title: 'My Docs',
    author: 'Unknown',
    copyright: false,
    language: 'en',
    langattr: 'de',
    editor: 'visual',
    storage: '\\Typemill\\Models\\Storage',
    formats: ['markdown', 'headline'],
    images: { live: { width: 1000 }, thumbs: { width: 250, height: 150 } },
    systemSettingsPath: '/var/www/site/system/typemill/settings/',
    customkey: 'custom value',
    plugins: { demo: { active: true }, search: { active: false } },
    rootPath: '/var/www/site',
    theme: 'cyanine',
    themes: { cyanine: false },
    license: false,
  });
});

merge('gives the defaults alone when there is no settings.yaml', () => {
  const settings = mergeSettings({
    userSettings: undefined,
    rootPath: '/srv/site',
    pluginFolders: [],
    themesWithTemplate: [],
  });
  assert.is(
    encodePhpJson(settings),
    '{"version":"2.10.0","title":"Typemill","author":"Unknown","copyright":false,"language":"en","langattr":"en","editor":"visual",' +
      '"storage":"\\\\Typemill\\\\Models\\\\Storage","formats":["markdown","headline","ulist","olist","table","quote","notice","image","video","file","toc","hr","definition","code","shortcode"],' +
      '"images":{"live":{"width":820},"thumbs":{"width":250,"height":150}},"systemSettingsPath":"\\/srv\\/site\\/system\\/typemill\\/settings\\/",' +
      '"plugins":[],"rootPath":"\\/srv\\/site","license":false}',
  );
});

merge('lets the user override even the version, in its place', () => {
  const settings = mergeSettings({ ...INPUT, userSettings: { version: '9.9.9' } });
  assert.is(Object.keys(settings)[0], 'version');
  assert.is(settings.version, '9.9.9');
});

merge('replaces a default images entry whole, one level deep', () => {
  const settings = mergeSettings({ ...INPUT, userSettings: { images: { thumbs: { width: 100 } } } });
  assert.equal(settings.images, { live: { width: 820 }, thumbs: { width: 100 } });
});

merge('overwrites rootPath and license in place when the user file has them', () => {
  const settings = mergeSettings({ ...INPUT, userSettings: { rootPath: '/elsewhere', license: 'MAKER', title: 'T' } });
  assert.equal(Object.keys(settings).slice(10), [
    'systemSettingsPath',
    'rootPath',
    'license',
    'plugins',
    'theme',
    'themes',
  ]);
  assert.equal([settings.rootPath, settings.license], ['/var/www/site', false]);
});

merge('keeps a theme whose folder has an index.twig, and a stored themes value', () => {
  const settings = mergeSettings({ ...INPUT, userSettings: { theme: 'other', themes: { other: { color: 'red' } } } });
  assert.equal([settings.theme, settings.themes], ['other', { other: { color: 'red' } }]);
});

merge('replaces a theme whose folder is missing with the first theme in byte order, in place', () => {
  const settings = mergeSettings({ ...INPUT, userSettings: { theme: 'gone', title: 'T' } });
  assert.equal(Object.keys(settings).slice(10, 13), ['systemSettingsPath', 'theme', 'plugins']);
  assert.equal([settings.theme, settings.themes], ['cyanine', { cyanine: false }]);
});

merge('appends plugin folders missing from the settings as inactive, after the stored ones', () => {
  const settings = mergeSettings({
    ...INPUT,
    userSettings: { plugins: { search: { active: true, extra: 1 }, vanished: { active: true } } },
    pluginFolders: ['alpha', 'search'],
  });
  assert.equal(settings.plugins, {
    search: { active: true, extra: 1 },
    vanished: { active: true },
    alpha: { active: false },
  });
});
merge.run();

const secrets = suite('settingsBody: secret keys removed');

secrets('removes keys containing password, secret or token, or ending with key, at any depth', () => {
  const body = settingsBody({
    title: 'T',
    mailpassword: 'x',
    smtpPassword: 'x',
    chatgptKey: 'x',
    apikey: 'x',
    clientSecret: 'x',
    recoverToken: 'x',
    keyboard: 'kept',
    keys: 'kept',
    mailfrom: 'me@example.org',
    plugins: {
      mail: { active: true, smtppassword: 'x', host: 'smtp.example.org', accounts: [{ user: 'a', accessToken: 'x' }] },
    },
  });
  assert.equal(body, {
    settings: {
      title: 'T',
      keyboard: 'kept',
      keys: 'kept',
      mailfrom: 'me@example.org',
      plugins: { mail: { active: true, host: 'smtp.example.org', accounts: [{ user: 'a' }] } },
    },
  });
});

secrets('does not change the merged settings the build reads', () => {
  const merged = { title: 'T', apikey: 'x' };
  settingsBody(merged);
  assert.equal(merged, { title: 'T', apikey: 'x' });
});
secrets.run();

const helpers = suite('activePlugins and listSetting');

helpers('lists active plugins in settings order', () => {
  assert.equal(
    activePlugins({
      plugins: {
        a: { active: true },
        b: { active: false },
        c: { active: 1 },
        d: { active: '0' },
        e: 'x',
        f: { active: 'yes' },
      },
    }),
    ['a', 'c', 'f'],
  );
});

helpers('reads a comma list or a YAML list into trimmed entries', () => {
  assert.equal(listSetting(' 10.0.0.1, 192.168.0.0/16 ,,'), ['10.0.0.1', '192.168.0.0/16']);
  assert.equal(listSetting(['a ', ' b']), ['a', 'b']);
  assert.equal(listSetting(undefined), []);
});
helpers.run();
