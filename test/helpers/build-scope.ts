// What one build through the chooser did: its scope ('site', 'pages', …), or its problems as the CLI prints them.
import { buildSite, formatProblem } from '../../generator/resident/choose-build.ts';

export async function scopeOfBuild(options: Parameters<typeof buildSite>[0]): Promise<string> {
  const outcome = await buildSite(options);
  return outcome.ok ? outcome.scope : outcome.errors.map(formatProblem).join('\n');
}
