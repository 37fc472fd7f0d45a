// Which pages an edit touches, when it touches nothing else: the pure test of whether a build may patch the last
// snapshot instead of building the site (docs/decisions.md: A page-local edit patches the last snapshot).
import { frontMatterKey, readFrontMatter } from '../plan/front-matter.ts';
import { parseDraft } from '../plan/parse-sources.ts';
import type { SourceFile } from '../types.ts';

const CONTENT = 'content';
const PAGE_TEXT = /^content(\/.+)\.(md|txt)$/;

/** What the last build knew of the pages' texts. */
export interface EarlierPageTexts {
  /** A `.md` file's front matter block as last built (frontMatterKey); undefined where unknown or where the front
   *  matter made the page a draft. */
  frontMatter(file: string): string | undefined;
  /** Whether a `.txt` file was a draft that reads (not empty); undefined where unknown. */
  drafted(file: string): boolean | undefined;
}

/** Whether `after`, the new text of `file`, changes only its page's own answers: a `.md` with the same front matter
 *  block, or a draft that stays a draft and still reads. */
function pageLocal(file: string, after: string, earlier: EarlierPageTexts): boolean {
  if (file.endsWith('.md')) return earlier.frontMatter(file) === frontMatterKey(after);
  const drafted = after.trim() !== '';
  if (earlier.drafted(file) !== drafted) return false;
  try {
    if (drafted) parseDraft(after, file);
    return true;
  } catch {
    // A problem in the file: the site build reports it where it belongs.
    return false;
  }
}

/** The pages (by `pathWithoutType`) whose markdown or draft files are the only changed paths, each once; undefined
 *  when a changed path is something else or changes more than its page's own answers. */
export function pageLocalEdits(
  changed: ReadonlySet<string>,
  earlier: EarlierPageTexts,
  after: ReadonlyMap<string, SourceFile>,
  pages: ReadonlySet<string>,
): string[] | undefined {
  const touched = new Set<string>();
  for (const file of changed) {
    const page = PAGE_TEXT.exec(file)?.[1];
    const text = after.get(file)?.text;
    if (page === undefined || !pages.has(page) || text === undefined || !pageLocal(file, text, earlier))
      return undefined;
    touched.add(page);
  }
  // A page whose `.md` makes it a draft is read from that file: its draft file alone is not page-local.
  for (const page of touched) {
    const file = `${CONTENT}${page}.md`;
    if (after.has(file) && earlier.frontMatter(file) === undefined) return undefined;
  }
  return [...touched];
}

/** A page's markdown as the renderer takes it: the `.md` text without its front matter; undefined without a `.md`. */
export function pageMarkdown(files: ReadonlyMap<string, SourceFile>, pathWithoutType: string): string | undefined {
  const file = `${CONTENT}${pathWithoutType}.md`;
  const text = files.get(file)?.text;
  if (text === undefined) return undefined;
  try {
    return readFrontMatter(text, file)?.body ?? text;
  } catch {
    // Front matter that does not read is markdown, as the site build reads it (with a warning it already gave).
    return text;
  }
}

/** A page's draft blocks: its `.txt` when that is not empty. */
export function pageDraft(files: ReadonlyMap<string, SourceFile>, pathWithoutType: string): string[] | undefined {
  const file = `${CONTENT}${pathWithoutType}.txt`;
  const text = files.get(file)?.text;
  return text === undefined || text.trim() === '' ? undefined : parseDraft(text, file);
}
