// What the MCP tools return, shaped from API bodies: a page, its metadata summary, and a navigation outline.
import { joinBlocks } from '../../contract/page-markdown.ts';

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface ContentBlock {
  markdown: string;
  html: string;
}

export function blocksOf(content: unknown): ContentBlock[] {
  const blocks = isRecord(content) && Array.isArray(content.content) ? content.content : [];
  return blocks
    .filter(isRecord)
    .map((block) => ({ markdown: String(block.markdown ?? ''), html: String(block.html ?? '') }));
}

export function metaFields(meta: unknown): Json {
  const metadata = isRecord(meta) && isRecord(meta.metadata) ? meta.metadata : {};
  return isRecord(metadata.meta) ? metadata.meta : {};
}

// The fields an assistant needs to judge a page; the whole metadata is one get_page_metadata call away.
const SUMMARY_FIELDS = [
  'title',
  'description',
  'author',
  'owner',
  'created',
  'modified',
  'allowedrole',
  'alloweduser',
  'hide',
  'noindex',
] as const;

export function metadataSummary(meta: unknown): Json {
  const fields = metaFields(meta);
  return Object.fromEntries(
    SUMMARY_FIELDS.filter((name) => fields[name] !== null && fields[name] !== undefined && fields[name] !== '').map(
      (name) => [name, fields[name]],
    ),
  );
}

/** The page as one markdown text, the same as its `<url>.md` (contract/page-markdown.ts). */
export function joinMarkdown(blocks: readonly ContentBlock[]): string {
  return joinBlocks(blocks.map((block) => block.markdown));
}

const HEADING = /^#{1,6}\s+(.+?)\s*#*\s*$/;

/** Meta title, else the first markdown heading, else the item name: the title search results carry too. */
export function pageTitle(meta: unknown, blocks: readonly ContentBlock[], item: unknown): string {
  const title = metaFields(meta).title;
  if (typeof title === 'string' && title.trim() !== '') return title.trim();
  for (const block of blocks) {
    const heading = HEADING.exec(block.markdown.split('\n')[0] ?? '');
    if (heading?.[1]) return heading[1];
  }
  return isRecord(item) && isRecord(item.item) ? String(item.item.name ?? '') : '';
}

export interface OutlineNode {
  title: string;
  url: string;
  slug: string;
  type: string;
  status: string;
  hidden: boolean;
  children?: OutlineNode[];
}

function outline(item: Json, depth: number): OutlineNode {
  const children = Array.isArray(item.folderContent) ? item.folderContent.filter(isRecord) : [];
  const node: OutlineNode = {
    title: String(item.name ?? ''),
    url: String(item.urlRelWoF ?? ''),
    slug: String(item.slug ?? ''),
    type: String(item.elementType ?? ''),
    status: String(item.status ?? ''),
    hidden: item.hide === true,
  };
  if (children.length > 0 && depth > 1) node.children = children.map((child) => outline(child, depth - 1));
  return node;
}

function findItem(items: readonly Json[], url: string): Json | undefined {
  for (const item of items) {
    if (item.urlRelWoF === url) return item;
    const found = findItem(Array.isArray(item.folderContent) ? item.folderContent.filter(isRecord) : [], url);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The navigation tree (or the subtree at `url`) as an outline `depth` levels deep; undefined when `url` is not in it.
 *  */
export function navigationOutline(
  navigation: unknown,
  url: string | undefined,
  depth: number,
): OutlineNode[] | undefined {
  const items =
    isRecord(navigation) && Array.isArray(navigation.navigation) ? navigation.navigation.filter(isRecord) : [];
  if (url === undefined) return items.map((item) => outline(item, depth));
  const root = findItem(items, url);
  return root === undefined ? undefined : [outline(root, depth)];
}

/** Every page URL of a navigation tree, home first. */
export function navigationUrls(navigation: unknown): string[] {
  const urls = ['/'];
  const walk = (items: unknown[]) => {
    for (const item of items.filter(isRecord)) {
      urls.push(String(item.urlRelWoF ?? ''));
      if (Array.isArray(item.folderContent)) walk(item.folderContent);
    }
  };
  walk(isRecord(navigation) && Array.isArray(navigation.navigation) ? navigation.navigation : []);
  return urls;
}

export function firstItemUrl(items: unknown): string | undefined {
  const list = isRecord(items) && Array.isArray(items.items) ? items.items.filter(isRecord) : [];
  const url = list[0]?.urlRelWoF;
  return typeof url === 'string' ? url : undefined;
}
