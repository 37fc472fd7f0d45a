// Author-interface menus per role: mainnavi and systemnavi
// (docs/typemill.md: The main menu per role; The system menu per role; Plugins add system menu entries through systemnavi).
import { isAllowed } from './acl.ts';
import { isRecord } from '../load/yaml.ts';

interface MenuEntry {
  title: string;
  routename: string;
  icon?: string;
  aclresource: string;
  aclprivilege: string;
  url?: string;
}

const MAIN_ENTRIES: Record<string, MenuEntry> = {
  content: { title: 'Content', routename: 'content.visual', aclresource: 'content', aclprivilege: 'read' },
  system: { title: 'System', routename: 'settings.show', aclresource: 'system', aclprivilege: 'read' },
  account: { title: 'Account', routename: 'user.account', aclresource: 'account', aclprivilege: 'read' },
  frontend: { title: 'Frontend', routename: 'home', aclresource: 'account', aclprivilege: 'read' },
  logout: { title: 'Logout', routename: 'auth.logout', aclresource: 'account', aclprivilege: 'read' },
};

const SYSTEM_ENTRIES: Record<string, MenuEntry> = {
  system: {
    title: 'System',
    routename: 'settings.show',
    icon: 'icon-wrench',
    aclresource: 'system',
    aclprivilege: 'read',
  },
  license: {
    title: 'License',
    routename: 'license.show',
    icon: 'icon-wrench',
    aclresource: 'user',
    aclprivilege: 'read',
  },
  themes: {
    title: 'Themes',
    routename: 'themes.show',
    icon: 'icon-paint-brush',
    aclresource: 'system',
    aclprivilege: 'read',
  },
  plugins: {
    title: 'Plugins',
    routename: 'plugins.show',
    icon: 'icon-plug',
    aclresource: 'system',
    aclprivilege: 'read',
  },
  account: {
    title: 'Account',
    routename: 'user.account',
    icon: 'icon-user',
    aclresource: 'account',
    aclprivilege: 'read',
  },
  users: { title: 'Users', routename: 'users.show', icon: 'icon-group', aclresource: 'user', aclprivilege: 'read' },
};

export function mainNavigation(role: string, editor: unknown): Record<string, Record<string, unknown>> {
  const menu: Record<string, Record<string, unknown>> = {};
  for (const [name, entry] of Object.entries(MAIN_ENTRIES)) {
    if (!isAllowed(role, entry.aclresource, entry.aclprivilege)) continue;
    menu[name] = name === 'content' && editor === 'raw' ? { ...entry, routename: 'content.raw' } : { ...entry };
  }
  // With system in the menu, account moves into it, and system is the active entry (no entry matches an API route).
  if (menu.system) {
    delete menu.account;
    menu.system.active = true;
  }
  return menu;
}

/** A plugin's `systemnavi:` map (docs/typemill.md: Plugins add system menu entries through systemnavi) → entries with
 *  base path URLs; invalid entries are skipped. */
export function pluginSystemEntries(systemnavi: unknown): Array<[string, MenuEntry]> {
  if (!isRecord(systemnavi)) return [];
  const entries: Array<[string, MenuEntry]> = [];
  for (const [key, value] of Object.entries(systemnavi)) {
    if (!isRecord(value)) continue;
    const text = (field: string): string => (typeof value[field] === 'string' ? (value[field] as string) : '');
    entries.push([
      key,
      {
        title: text('title'),
        routename: text('routename'),
        icon: text('icon'),
        aclresource: text('aclresource'),
        aclprivilege: text('aclprivilege'),
        ...(text('url') ? { url: text('url') } : {}),
      },
    ]);
  }
  return entries;
}

export function systemNavigation(
  role: string,
  basePath: string,
  pluginEntries: Array<[string, MenuEntry]>,
): Record<string, MenuEntry> {
  const menu: Record<string, MenuEntry> = {};
  const builtIn = Object.entries(SYSTEM_ENTRIES).map(([key, entry]): [string, MenuEntry] => [
    key,
    { ...entry, url: `${basePath}/tm/${key}` },
  ]);
  const fromPlugins = pluginEntries.map(([key, entry]): [string, MenuEntry] => [
    key,
    { ...entry, url: basePath + (entry.url ?? `/tm/${key.toLowerCase()}`) },
  ]);
  for (const [key, entry] of [...builtIn, ...fromPlugins]) {
    if (isAllowed(role, entry.aclresource, entry.aclprivilege)) menu[key] = entry;
  }
  return menu;
}
