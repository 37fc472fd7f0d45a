// Which pages an edit touches, when it touches nothing else: the pure test of whether a resident builder may patch the
// last snapshot instead of building the site (docs/decisions.md: A page-local edit patches the last snapshot).
import type { PageEntry } from '../build.ts';
import { readFrontMatter } from '../plan/front-matter.ts';
import { parseDraft } from '../plan/parse-sources.ts';
import type { SourceFile } from '../types.ts';

const CONTENT = 'content';
const PAGE_TEXT = /^content(\/.+)\.(md|txt)$/;

/** A front matter's meaning for the site model: its meta values and whether it makes the page a draft. */
function frontMatterShape(text: string, file: string): string | undefined {
  const found = readFrontMatter(text, file);
  return found === undefined ? '' : found.draft ? undefined : JSON.stringify(found.tabs);
}

function frontMatterShapeOrProblem(text: string, file: string): string | undefined {
  try {
    return frontMatterShape(text, file);
  } catch {
    return undefined;
  }
}

/** Whether the edit of `file` from `before` to `after` leaves everything but its page's own answers as they were:
 *  markdown with the same front matter (no draft flag), or a draft file that stays (non-)empty and reads. */
function pageLocal(file: string, before: string, after: string): boolean {
  try {
    if (file.endsWith('.md')) {
      const shape = frontMatterShape(after, file);
      return shape !== undefined && shape === frontMatterShape(before, file);
    }
    const drafted = after.trim() !== '';
    if (drafted) parseDraft(after, file);
    return drafted === (before.trim() !== '');
  } catch {
    // A problem in the file: the site build reports it where it belongs.
    return false;
  }
}

/** The pages whose markdown or draft files are the only changed paths, each once; undefined when any changed path is
 *  something else, or changes more than its page's own answers. */
export function pageLocalEdits(
  changed: ReadonlySet<string>,
  before: ReadonlyMap<string, SourceFile>,
  after: ReadonlyMap<string, SourceFile>,
  pages: ReadonlyMap<string, PageEntry>,
): PageEntry[] | undefined {
  const touched = new Map<string, PageEntry>();
  for (const file of changed) {
    const match = PAGE_TEXT.exec(file);
    const page = match && pages.get(match[1] as string);
    const old = before.get(file)?.text;
    const now = after.get(file)?.text;
    if (!page || old === undefined || now === undefined || !pageLocal(file, old, now)) return undefined;
    touched.set(page.pathWithoutType, page);
  }
  // A `.md` whose front matter makes the page a draft is read as its draft: not a page-local text.
  for (const { pathWithoutType } of touched.values()) {
    const file = `${CONTENT}${pathWithoutType}.md`;
    const text = after.get(file)?.text;
    if (text !== undefined && frontMatterShapeOrProblem(text, file) === undefined) return undefined;
  }
  return touched.size === 0 ? undefined : [...touched.values()];
}

/** A page's markdown as the renderer takes it: the `.md` text without its front matter; undefined without a `.md`. */
export function pageMarkdown(files: ReadonlyMap<string, SourceFile>, pathWithoutType: string): string | undefined {
  const file = `${CONTENT}${pathWithoutType}.md`;
  const text = files.get(file)?.text;
  if (text === undefined) return undefined;
  return readFrontMatter(text, file)?.body ?? text;
}
