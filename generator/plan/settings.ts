// Site settings as Typemill's API returns them: defaults, the user's settings.yaml, derived paths
// (docs/typemill.md: Settings are Typemill's defaults merged with settings.yaml).
import { isRecord } from '../load/yaml.ts';
import { isSecretName } from '../../contract/secret-names.ts';

export const TYPEMILL_VERSION = '2.10.0';

const DEFAULT_SETTINGS: Readonly<Record<string, unknown>> = {
  version: TYPEMILL_VERSION,
  title: 'Typemill',
  author: 'Unknown',
  copyright: false,
  language: 'en',
  langattr: 'en',
  editor: 'visual',
  storage: '\\Typemill\\Models\\Storage',
  formats: [
    'markdown',
    'headline',
    'ulist',
    'olist',
    'table',
    'quote',
    'notice',
    'image',
    'video',
    'file',
    'toc',
    'hr',
    'definition',
    'code',
    'shortcode',
  ],
  images: { live: { width: 820 }, thumbs: { width: 250, height: 150 } },
};

export interface SettingsInput {
  /** Parsed settings/settings.yaml (unknown until checked), or undefined when there is none. */
  userSettings: unknown;
  rootPath: string;
  /** Folder names under plugins/, byte order. */
  pluginFolders: string[];
  /** Theme folder names under themes/ that have an index.twig, byte order. */
  themesWithTemplate: string[];
}

/** Keys that look like secrets are removed at any depth (docs/typemill.md: Secrets are removed from settings). */
function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !isSecretName(key))
      .map(([key, member]) => [key, withoutSecrets(member)]),
  );
}

/** The merged settings, before secrets are removed: what the rest of the build reads. */
export function mergeSettings(input: SettingsInput): Record<string, unknown> {
  const user = isRecord(input.userSettings) ? input.userSettings : {};
  const plugins = isRecord(user.plugins) ? { ...user.plugins } : {};
  for (const folder of input.pluginFolders) if (!(folder in plugins)) plugins[folder] = { active: false };
  // Typemill stores the rewritten plugin list in settings.yaml, so a missing `plugins` key follows the user's keys.
  const settings: Record<string, unknown> = {
    ...DEFAULT_SETTINGS,
    systemSettingsPath: `${input.rootPath}/system/typemill/settings/`,
    ...user,
    plugins,
  };
  const defaultImages = DEFAULT_SETTINGS.images as Record<string, unknown>;
  settings.images = { ...defaultImages, ...(isRecord(user.images) ? user.images : {}) };
  settings.rootPath = input.rootPath;
  const theme =
    typeof settings.theme === 'string' && input.themesWithTemplate.includes(settings.theme)
      ? settings.theme
      : (input.themesWithTemplate[0] ?? settings.theme);
  if (theme !== undefined) settings.theme = theme;
  if (settings.themes === undefined && typeof theme === 'string') settings.themes = { [theme]: false };
  settings.license = false;
  return settings;
}

export function settingsBody(settings: Record<string, unknown>): Record<string, unknown> {
  return { settings: withoutSecrets(settings) };
}

/** Names of active plugins in settings order. */
export function activePlugins(settings: Record<string, unknown>): string[] {
  const plugins = isRecord(settings.plugins) ? settings.plugins : {};
  return Object.entries(plugins)
    .filter(([, plugin]) => isRecord(plugin) && Boolean(plugin.active) && plugin.active !== '0')
    .map(([name]) => name);
}

/** A settings value given as a comma list or a YAML list → trimmed, non-empty strings. */
export function listSetting(value: unknown): string[] {
  const entries = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(',') : [];
  return entries.map((entry) => entry.trim()).filter((entry) => entry !== '');
}
