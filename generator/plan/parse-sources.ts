// Parses every YAML and draft file of the site once, collecting all errors instead of stopping at the first.
import type { BuildProblem, SiteSource, SourceFile } from '../types.ts';
import { BuildError } from '../types.ts';
import { parseYaml } from '../load/yaml.ts';
import { splitBlocks } from '../markdown/split-blocks.ts';
import { mediaInText } from '../media/media-in-text.ts';
import { blocksHash, markdownHash } from '../render/page-text-hash.ts';
import { parseDraft } from './draft-json.ts';
import { nameWithoutType } from './tree/entry-name.ts';
import { frontMatterKey, mergeWithYaml, readFrontMatter, type FrontMatter } from './front-matter.ts';
import type { PageFileForm, PageFileText } from './page-file.ts';

export { parseDraft } from './draft-json.ts';

export interface ParsedSources {
  /** Site-relative path → parsed YAML (content, settings, users, plugins, themes). */
  yaml: Map<string, unknown>;
  /** Site-relative path of a draft `.txt` → its blocks, or where to read them when the plan keeps no page texts. */
  drafts: Map<string, string[] | PageFileText>;
  /** Site-relative path of a content `.md` → its markdown without front matter, or where to read it. */
  markdown: Map<string, string | PageFileText>;
  /** Content entries a front matter `draft: true` turns into drafts: `.md` path → `.txt` path, or `` when a real draft
   *  exists. */
  renamedEntries: Map<string, string>;
  /** What later steps need of the texts read at each use: by `.md` path or drafts key, the media paths pagemedia
   *  finds; by `.md` path, the front matter block (frontMatterKey). */
  onDisk?: { media: Map<string, string[]>; frontMatterKeys: Map<string, string> };
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

/** `content/a/01-x.2.md` → `content/a/01-x`, the page's pathWithoutType. */
function withoutType(path: string): string {
  const slash = path.lastIndexOf('/');
  return path.slice(0, slash + 1) + nameWithoutType(path.slice(slash + 1));
}

/** The hash-and-place of a text the plan lets go: kept instead of the text for a file read at each use. */
function onDisk(file: SourceFile, form: PageFileForm, derived: string | readonly string[]): PageFileText {
  const hash = typeof derived === 'string' ? markdownHash(derived) : blocksHash(derived);
  return { path: file.path, location: file.location ?? file.path, form, hash };
}

/** What pagemedia finds in a text the plan lets go (media/media-bodies.ts). */
function keepMedia(sources: ParsedSources, key: string, text: string): void {
  sources.onDisk?.media.set(key, mediaInText(text));
}

/** A `.md` file: front matter fills the page's yaml after every file is parsed (the sibling file wins per field);
 *  `draft: true` makes the page a draft. */
function parseMarkdown(
  sources: ParsedSources,
  source: SiteSource,
  file: SourceFile,
  text: string,
  memo: ParseMemo | undefined,
  tabs: Array<[string, FrontMatter['tabs']]>,
): void {
  const path = file.path;
  const kept = file.location !== undefined;
  if (kept) {
    keepMedia(sources, path, text);
    sources.onDisk?.frontMatterKeys.set(path, frontMatterKey(text));
  }
  let frontMatter: FrontMatter | undefined;
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
  if (!frontMatter) {
    sources.markdown.set(path, kept ? onDisk(file, 'md', text) : text);
    return;
  }
  const base = withoutType(path);
  tabs.push([`${base}.yaml`, frontMatter.tabs]);
  if (!frontMatter.draft) {
    sources.markdown.set(path, kept ? onDisk(file, 'md-body', frontMatter.body) : frontMatter.body);
    return;
  }
  const draftPath = path.replace(/\.md$/, '.txt');
  const hasDraftFile = source.files.has(draftPath);
  sources.renamedEntries.set(path, hasDraftFile ? '' : draftPath);
  if (hasDraftFile) return;
  const body = frontMatter.body;
  const blocks = parsedOnce(memo, `blocks:${path}`, body, () => splitBlocks(body));
  if (kept) keepMedia(sources, `${base}.txt`, joinedBlocks(blocks));
  sources.drafts.set(`${base}.txt`, kept ? onDisk(file, 'md-draft', blocks) : blocks);
}

/** A draft's blocks as Typemill joins them before it searches them for media. */
export function joinedBlocks(blocks: readonly string[]): string {
  return blocks.map((block) => `${block}\n\n`).join('');
}

function parseFile(
  sources: ParsedSources,
  source: SiteSource,
  file: SourceFile,
  memo: ParseMemo | undefined,
  tabs: Array<[string, FrontMatter['tabs']]>,
): void {
  const path = file.path;
  if (path.endsWith('.yaml')) {
    const text = file.text;
    sources.yaml.set(
      path,
      parsedOnce(memo, path, text, () => parseYaml(text, path)),
    );
  } else if (path.startsWith('content/') && path.endsWith('.md'))
    parseMarkdown(sources, source, file, file.text, memo, tabs);
  else if (path.startsWith('content/') && path.endsWith('.txt')) {
    const text = file.text;
    if (text.trim() === '') return;
    const blocks = parsedOnce(memo, path, text, () => parseDraft(text, path));
    if (file.location === undefined) sources.drafts.set(path, blocks);
    else {
      keepMedia(sources, path, joinedBlocks(blocks));
      sources.drafts.set(path, onDisk(file, 'txt', blocks));
    }
  }
}

/** Parses every file once; a file read at each use (`location` set) is read here once and let go, the plan keeping
 *  its summary (docs/decisions.md: Render workers read each page's file). */
export function parseSources(source: SiteSource, memo?: ParseMemo): ParsedSources {
  const sources: ParsedSources = {
    yaml: new Map(),
    drafts: new Map(),
    markdown: new Map(),
    renamedEntries: new Map(),
    onDisk: { media: new Map(), frontMatterKeys: new Map() },
    errors: [],
    warnings: [],
  };
  const used = new Set<string>();
  if (memo !== undefined) usedKeys.set(memo, used);
  const tabs: Array<[string, FrontMatter['tabs']]> = [];
  for (const file of source.files.values()) {
    try {
      parseFile(sources, source, file, memo, tabs);
    } catch (error) {
      sources.errors.push(problemOf(error, file.path));
    }
  }
  for (const [yamlPath, fields] of tabs) sources.yaml.set(yamlPath, mergeWithYaml(fields, sources.yaml.get(yamlPath)));
  if (memo !== undefined) for (const key of memo.keys()) if (!used.has(key)) memo.delete(key);
  return sources;
}
