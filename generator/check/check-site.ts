// The site checker's rules, on values: the build's problems as they are, then hints: shared slugs, untitled pages,
// dead internal links.
import { walkItems } from '../plan/tree/build-items.ts';
import type { Item } from '../plan/tree/item.ts';
import type { BuildProblem, BuiltResponse, SiteSource } from '../types.ts';
import type { Finding } from './findings.ts';
import { findLinks, isInternal, reachesSomething } from './links.ts';
import type { LinkTargets } from './links.ts';
import { searchFindings } from './search-findings.ts';

export interface CheckInput {
  source: SiteSource;
  /** Problems of loading and building (YAML errors, invalid drafts, bad UTF-8): all errors. */
  problems: BuildProblem[];
  /** Warnings the build reported. */
  warnings: BuildProblem[];
  /** The draft tree: every page and folder. */
  draftTree: readonly Item[];
  basePath: string;
  responses: readonly BuiltResponse[];
}

const CONTENT = 'content';

function fromProblem(problem: BuildProblem, severity: Finding['severity']): Finding {
  return { severity, file: problem.file, line: problem.line ?? 1, message: problem.message };
}

/** Where an item lives: its markdown file, else its draft, else its path. */
function fileOf(item: Item, source: SiteSource): string {
  const candidates = [`${CONTENT}${item.pathWithoutType}.md`, `${CONTENT}${item.pathWithoutType}.txt`];
  return candidates.find((path) => source.files.has(path)) ?? `${CONTENT}${item.path}`;
}

function groupBy(items: readonly Item[], keyOf: (item: Item) => string): Map<string, Item[]> {
  const groups = new Map<string, Item[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

/** Pages by URL, or by file when two of them share a URL (the URL would not tell them apart). */
function pageNames(group: readonly Item[], source: SiteSource): string[] {
  const urls = group.map((item) => item.urlRelWoF);
  return new Set(urls).size === urls.length ? urls : group.map((item) => fileOf(item, source));
}

function repeatedSlugs(items: readonly Item[], source: SiteSource): Finding[] {
  return [
    ...groupBy(
      items.filter((item) => item.elementType === 'file'),
      (item) => item.slug,
    ),
  ]
    .filter(([, group]) => group.length > 1)
    .map(([slug, group]) => ({
      severity: 'info' as const,
      file: fileOf(group[0] as Item, source),
      line: 1,
      message: `slug "${slug}" is used by ${group.length} pages (${pageNames(group, source).join(', ')}); article/items returns them all`,
    }));
}

function parsed(body: string | undefined): Record<string, unknown> | undefined {
  return body === undefined ? undefined : (JSON.parse(body) as Record<string, unknown>);
}

/** A page has a title when its meta title is set or its first block is a `#` heading. A page whose files have a build
 *  error or warning is not judged: its meta or front matter was not read, and the build's message already names it. */
function untitledPages(items: readonly Item[], input: CheckInput): Finding[] {
  const bodies = new Map(input.responses.map((response) => [response.key, response.body]));
  const filesWithProblems = new Set([...input.problems, ...input.warnings].map((problem) => problem.file));
  const findings: Finding[] = [];
  for (const item of items) {
    const files = ['.md', '.txt', '.yaml'].map((extension) => `${CONTENT}${item.pathWithoutType}${extension}`);
    if (files.some((file) => filesWithProblems.has(file))) continue;
    const url = item.urlRelWoF;
    const content = parsed(bodies.get(`content:live:${url}`) ?? bodies.get(`content:draft:${url}`));
    if (content === undefined) continue;
    const meta = parsed(bodies.get(`meta:${url}`)) as { metadata?: { meta?: { title?: unknown } } } | undefined;
    const title = meta?.metadata?.meta?.title;
    const firstBlock = (content.content as Array<{ markdown?: string }> | undefined)?.[0]?.markdown ?? '';
    if ((typeof title === 'string' && title.trim() !== '') || /^#(?!#)\s*\S/.test(firstBlock)) continue;
    findings.push({
      severity: 'warning',
      file: fileOf(item, input.source),
      line: 1,
      message: `page ${url} has no title: no meta title and no leading "# " heading`,
    });
  }
  return findings;
}

function deadLinks(input: CheckInput, targets: LinkTargets): Finding[] {
  const findings: Finding[] = [];
  for (const file of input.source.files.values()) {
    if (!file.path.startsWith(`${CONTENT}/`) || !file.path.endsWith('.md')) continue;
    for (const link of findLinks(file.text)) {
      if (!isInternal(link.target) || reachesSomething(link.target, targets)) continue;
      const what = link.image ? 'image' : 'link';
      findings.push({
        severity: 'warning',
        file: file.path,
        line: link.line,
        message: `${what} "${link.target}" points to no page or file`,
      });
    }
  }
  return findings;
}

export function checkSite(input: CheckInput): Finding[] {
  const items = [...walkItems(input.draftTree)];
  const targets: LinkTargets = {
    basePath: input.basePath,
    pageUrls: new Set(['/', ...items.map((item) => item.urlRelWoF)]),
    files: input.source.knownPaths,
  };
  return [
    ...input.problems.map((problem) => fromProblem(problem, 'error')),
    ...input.warnings.map((problem) => fromProblem(problem, 'warning')),
    ...repeatedSlugs(items, input.source),
    ...untitledPages(items, input),
    ...deadLinks(input, targets),
    ...searchFindings(items, input.responses, (item) => fileOf(item, input.source)),
  ];
}
