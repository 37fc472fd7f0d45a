// Parses every YAML and draft file of the site once, collecting all errors instead of stopping at the first.
import type { BuildProblem, SiteSource } from '../types.ts';
import { BuildError } from '../types.ts';
import { parseYaml } from '../yaml.ts';

export interface ParsedSources {
  /** Site-relative path → parsed YAML (content, settings, users, plugins, themes). */
  yaml: Map<string, unknown>;
  /** Site-relative path of a draft `.txt` → its blocks. */
  drafts: Map<string, string[]>;
  errors: BuildProblem[];
}

function problemOf(error: unknown, file: string): BuildProblem {
  return error instanceof BuildError ? error.problem : { file, message: String(error) };
}

/** A draft is a JSON array of block strings, as Typemill stores it. */
export function parseDraft(text: string, file: string): string[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new BuildError({ file, line: 1, message: `draft is not valid JSON (${(error as Error).message}); Typemill stores drafts as a JSON array of block strings` }, { cause: error });
  }
  if (!Array.isArray(value) || !value.every((block) => typeof block === 'string')) {
    throw new BuildError({ file, line: 1, message: 'draft must be a JSON array of block strings' });
  }
  return value;
}

export function parseSources(source: SiteSource): ParsedSources {
  const yaml = new Map<string, unknown>();
  const drafts = new Map<string, string[]>();
  const errors: BuildProblem[] = [];
  for (const file of source.files.values()) {
    try {
      if (file.path.endsWith('.yaml')) yaml.set(file.path, parseYaml(file.text, file.path));
      else if (file.path.startsWith('content/') && file.path.endsWith('.txt') && file.text.trim() !== '') drafts.set(file.path, parseDraft(file.text, file.path));
    } catch (error) {
      errors.push(problemOf(error, file.path));
    }
  }
  return { yaml, drafts, errors };
}
