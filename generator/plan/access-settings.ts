// The build refuses every access setting the gateway would refuse at load, with the gateway's own check
// (docs/decisions.md: The build refuses what the gateway would refuse), naming settings/settings.yaml and the line.
import { isAddressRule } from '../../contract/address-rule.ts';
import type { BuildProblem } from '../types.ts';
import { listSetting } from './settings.ts';

const SETTINGS_FILE = 'settings/settings.yaml';

/** Settings whose entries must each be an IP address or a CIDR range, with what the gateway calls them. */
const ADDRESS_SETTINGS = [
  { key: 'trustedipsforapi', label: 'trusted IP' },
  { key: 'trustedproxies', label: 'trusted proxy' },
] as const;

/** Line of a top-level key in the YAML text (1-based), or undefined when the key is not written at column 0. */
export function lineOfTopLevelKey(yamlText: string, key: string): number | undefined {
  const lines = yamlText.split('\n');
  const pattern = new RegExp(`^["']?${key}["']?\\s*:`);
  const index = lines.findIndex((line) => pattern.test(line));
  return index === -1 ? undefined : index + 1;
}

export function accessSettingProblems(
  settings: Readonly<Record<string, unknown>>,
  settingsText: string | undefined,
): BuildProblem[] {
  const problems: BuildProblem[] = [];
  for (const { key, label } of ADDRESS_SETTINGS) {
    const invalid = listSetting(settings[key]).filter((entry) => !isAddressRule(entry));
    if (invalid.length === 0) continue;
    const line = settingsText === undefined ? undefined : lineOfTopLevelKey(settingsText, key);
    const quoted = invalid.map((entry) => `"${entry}"`).join(', ');
    problems.push({
      file: SETTINGS_FILE,
      ...(line === undefined ? {} : { line }),
      message: `${key}: ${label} ${quoted} ${invalid.length === 1 ? 'is not an address or CIDR range' : 'are not addresses or CIDR ranges'} (write addresses such as 203.0.113.7 or ranges such as 10.0.0.0/8, separated by commas); the gateway would refuse this snapshot`,
    });
  }
  return problems;
}
