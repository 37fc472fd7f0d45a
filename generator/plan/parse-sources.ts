// Parses every YAML and draft file of the site once, collecting all errors instead of stopping at the first.
import type { BuildProblem, SiteSource } from '../types.ts';
import { BuildError } from '../types.ts';
import { parseYaml } from '../load/yaml.ts';
import { splitBlocks } from '../markdown/split-blocks.ts';
import { nameWithoutType } from './tree/entry-name.ts';
import { mergeWithYaml, readFrontMatter } from './front-matter.ts';

export interface ParsedSources {
  /** Site-relative path → parsed YAML (content, settings, users, plugins, themes). */
  yaml: Map<string, unknown>;
  /** Site-relative path of a draft `.txt` → its blocks. */
  drafts: Map<string, string[]>;
  /** Site-relative path of a content `.md` → its markdown without front matter. */
  markdown: Map<string, string>;
  /** Content entries a front matter `draft: true` turns into drafts: `.md` path → `.txt` path, or `` when a real draft
   *  exists. */
  renamedEntries: Map<string, string>;
  errors: BuildProblem[];
  warnings: BuildProblem[];
}

/** Per file, what parsing its text gave (a value or the error it threw): a rebuild parses only files whose text
 *  changed (resident/resident-build.ts). Parsed values are shared between builds, so nothing may change them. */
export type ParseMemo = Map<string, { text: string; outcome: { value: unknown } | { error: unknown } }>;

/** Keys of the memo used by the current parse; the others (deleted files) are dropped at its end. */
const usedKeys = new WeakMap<ParseMemo, Set<string>>();

/** `parse(text)` for this file, from the memo while the text is the same. */
function parsedOnce<T>(memo: ParseMemo | undefined, key: string, text: string, parse: () => T): T {
  if (memo !== undefined) usedKeys.get(memo)?.add(key);
  let remembered = memo?.get(key);
  if (remembered === undefined || remembered.text !== text) {
    try {
      remembered = { text, outcome: { value: parse() } };
    } catch (error) {
      remembered = { text, outcome: { error } };
    }
    memo?.set(key, remembered);
  }
  if ('error' in remembered.outcome) throw remembered.outcome.error;
  return remembered.outcome.value as T;
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
    throw new BuildError(
      {
        file,
        line: 1,
        message: `draft is not valid JSON (${(error as Error).message}); Typemill stores drafts as a JSON array of block strings`,
      },
      { cause: error },
    );
  }
  if (!Array.isArray(value) || !value.every((block) => typeof block === 'string')) {
    throw new BuildError({ file, line: 1, message: 'draft must be a JSON array of block strings' });
  }
  return value;
}

/** `content/a/01-x.2.md` → `content/a/01-x`, the page's pathWithoutType. */
function withoutType(path: string): string {
  const slash = path.lastIndexOf('/');
  return path.slice(0, slash + 1) + nameWithoutType(path.slice(slash + 1));
}

/** Front matter fills the page's yaml (the sibling file wins per field); `draft: true` makes the page a draft. */
function applyFrontMatter(sources: ParsedSources, source: SiteSource, memo: ParseMemo | undefined): void {
  for (const [path, text] of sources.markdown) {
    let frontMatter: ReturnType<typeof readFrontMatter> | undefined;
    try {
      frontMatter = parsedOnce(memo, `front-matter:${path}`, text, () => readFrontMatter(text, path));
    } catch (error) {
      // Typemill renders such a page as markdown (a rule and what follows); the warning points at the likely typo.
      const problem = problemOf(error, path);
      sources.warnings.push({
        ...problem,
        message: `${problem.message}; the page starts with --- but this is not YAML front matter, so it is read as markdown`,
      });
    }
    if (!frontMatter) continue;
    const base = withoutType(path);
    sources.markdown.set(path, frontMatter.body);
    sources.yaml.set(`${base}.yaml`, mergeWithYaml(frontMatter.tabs, sources.yaml.get(`${base}.yaml`)));
    if (!frontMatter.draft) continue;
    const draftPath = path.replace(/\.md$/, '.txt');
    const hasDraftFile = source.files.has(draftPath);
    sources.renamedEntries.set(path, hasDraftFile ? '' : draftPath);
    const body = frontMatter.body;
    if (!hasDraftFile)
      sources.drafts.set(
        `${base}.txt`,
        parsedOnce(memo, `blocks:${path}`, body, () => splitBlocks(body)),
      );
    sources.markdown.delete(path);
  }
}

export function parseSources(source: SiteSource, memo?: ParseMemo): ParsedSources {
  const sources: ParsedSources = {
    yaml: new Map(),
    drafts: new Map(),
    markdown: new Map(),
    renamedEntries: new Map(),
    errors: [],
    warnings: [],
  };
  const used = new Set<string>();
  if (memo !== undefined) usedKeys.set(memo, used);
  for (const file of source.files.values()) {
    try {
      if (file.path.endsWith('.yaml'))
        sources.yaml.set(
          file.path,
          parsedOnce(memo, file.path, file.text, () => parseYaml(file.text, file.path)),
        );
      else if (file.path.startsWith('content/') && file.path.endsWith('.md'))
        sources.markdown.set(file.path, file.text);
      else if (file.path.startsWith('content/') && file.path.endsWith('.txt') && file.text.trim() !== '')
        sources.drafts.set(
          file.path,
          parsedOnce(memo, file.path, file.text, () => parseDraft(file.text, file.path)),
        );
    } catch (error) {
      sources.errors.push(problemOf(error, file.path));
    }
  }
  applyFrontMatter(sources, source, memo);
  if (memo !== undefined) for (const key of memo.keys()) if (!used.has(key)) memo.delete(key);
  return sources;
}
