// Internal links and images of a markdown file, with their line numbers, and whether they reach something.

export interface MarkdownLink {
  line: number;
  target: string;
  image: boolean;
}

const INLINE_LINK = /(!?)\[(?:[^\]\\]|\\.)*\]\(\s*(?:<([^>]*)>|([^)\s]+))(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g;
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const CODE_SPAN = /(`+)[^`]*?\1/g;

/** Inline links, images and reference definitions outside code, line by line (front matter lines count). */
export function findLinks(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  let fence: string | undefined;
  markdown.split('\n').forEach((text, index) => {
    const fenceMark = FENCE.exec(text)?.[1];
    if (fenceMark !== undefined && (fence === undefined || fenceMark.startsWith(fence))) {
      fence = fence === undefined ? fenceMark : undefined;
      return;
    }
    if (fence !== undefined || /^(?: {4}|\t)/.test(text)) return;
    const line = index + 1;
    const withoutCode = text.replace(CODE_SPAN, '');
    for (const match of withoutCode.matchAll(INLINE_LINK))
      links.push({ line, target: match[2] ?? match[3] ?? '', image: match[1] === '!' });
    const definition = REFERENCE_DEFINITION.exec(withoutCode)?.[1];
    if (definition !== undefined) links.push({ line, target: definition, image: false });
  });
  return links;
}

export interface LinkTargets {
  /** Installation sub-path (`/handbook` or ``); links may carry it. */
  basePath: string;
  /** Page URLs without base path: `/`, `/guides/faq`. */
  pageUrls: ReadonlySet<string>;
  /** Site-relative file paths: `media/live/logo.png`. */
  files: ReadonlySet<string>;
}

function decoded(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** Internal targets (`/…` and `media/…`) are checked; external, relative and anchor-only links are not. */
export function isInternal(target: string): boolean {
  return (target.startsWith('/') && !target.startsWith('//')) || target.startsWith('media/');
}

export function reachesSomething(target: string, targets: LinkTargets): boolean {
  const path = decoded(target.replace(/[?#].*$/, ''));
  if (path.startsWith('media/')) return targets.files.has(path);
  const withoutBase =
    targets.basePath !== '' && path.startsWith(targets.basePath + '/') ? path.slice(targets.basePath.length) : path;
  if (targets.files.has(withoutBase.slice(1))) return true;
  const url = withoutBase.length > 1 ? withoutBase.replace(/\/+$/, '') : withoutBase;
  return targets.pageUrls.has(url === '' ? '/' : url);
}
