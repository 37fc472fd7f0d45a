// Turns scanned folder entries into the draft tree of items
// (docs/typemill.md: A folder holds posts or pages by Typemill's two rules; Status and file type come from the files present; Item fields are derived as Typemill derives them).
import { byteOrder, nameParts, nameWithoutType, parseEntryName } from './entry-name.ts';
import type { Item } from './item.ts';
import type { ScanEntry } from './scan-folder.ts';

export interface TreeContext {
  langattr: string;
  basePath: string;
  baseUrl: string;
  /** Raw text of a content file (path relative to content/, starting with `/`), or undefined. */
  readContentText: (path: string) => string | undefined;
}

interface Parent {
  path: string;
  urlRelWoF: string;
  keyPath: string | undefined;
  chapter: string | undefined;
}

const INDEX_FILES = new Set(['index.md', 'index.txt', 'index.txtmd']);

const FILE_STATUS: Record<string, { status: Item['status']; fileType: string }> = {
  md: { status: 'published', fileType: 'md' },
  txt: { status: 'unpublished', fileType: 'txt' },
};

function folderStatus(entries: ScanEntry[]): { status: Item['status']; fileType: string } {
  const names = new Set(entries.filter((entry) => entry.kind === 'file').map((entry) => entry.name));
  if (names.has('index.txtmd')) return { status: 'modified', fileType: 'txt' };
  if (names.has('index.txt')) return { status: 'unpublished', fileType: 'txt' };
  if (names.has('index.md')) return { status: 'published', fileType: 'md' };
  return { status: 'undefined', fileType: '' };
}

/** Rule Y: only the index.yaml text decides. */
function containsFromYaml(folderPath: string, context: TreeContext): 'pages' | 'posts' {
  return context.readContentText(`${folderPath}/index.yaml`)?.includes('contains: posts') ? 'posts' : 'pages';
}

/** Top-level folders always use rule Y (Typemill scans them shallowly); deeper ones rule H. */
function folderContains(
  entries: ScanEntry[],
  folderPath: string,
  topLevel: boolean,
  context: TreeContext,
): 'pages' | 'posts' {
  if (topLevel) return containsFromYaml(folderPath, context);
  return childrenArePosts(entries, folderPath, context) ? 'posts' : 'pages';
}

/** Rule H on the full scan, or Y for a folder with at most one entry. */
function childrenArePosts(entries: ScanEntry[], folderPath: string, context: TreeContext): boolean {
  if (entries.length <= 1) return containsFromYaml(folderPath, context) === 'posts';
  const first = entries[0];
  if (!first || first.kind === 'folder') return false;
  const firstPart = nameParts(first.name)[0] ?? '';
  return /^\d{7,}$/.test(firstPart) && Number(firstPart) > 8;
}

function descendingByBytes(entries: ScanEntry[]): ScanEntry[] {
  return [...entries].sort((a, b) => byteOrder(b.name, a.name));
}

export function buildItems(
  entries: ScanEntry[],
  context: TreeContext,
  parent: Parent = { path: '', urlRelWoF: '', keyPath: undefined, chapter: undefined },
): Item[] {
  const items: Item[] = [];
  const topLevel = parent.keyPath === undefined;
  let position = 0;
  for (const entry of entries) {
    if (entry.kind === 'file' && INDEX_FILES.has(entry.name)) continue;
    const key = position++;
    const keyPath = topLevel ? key : `${parent.keyPath}.${key}`;
    const parsed = parseEntryName(entry.name, entry.kind === 'file', context.langattr);
    const path = `${parent.path}/${entry.name}`;
    const urlRelWoF = `${parent.urlRelWoF}/${parsed.slug}`;
    const shared = {
      originalName: entry.name,
      order: parsed.order,
      name: parsed.name,
      slug: parsed.slug,
      path,
      key,
      keyPath,
      keyPathArray: String(keyPath).split('.'),
      urlRelWoF,
      urlRel: context.basePath + urlRelWoF,
      urlAbs: context.baseUrl + urlRelWoF,
      active: false,
      activeParent: false,
      hide: false,
      noindex: false,
    } as const;
    if (entry.kind === 'folder') {
      const chapter = topLevel ? key + 1 : `${parent.chapter}.${key + 1}`;
      const ordered = childrenArePosts(entry.entries, path, context) ? descendingByBytes(entry.entries) : entry.entries;
      items.push({
        ...shared,
        elementType: 'folder',
        contains: folderContains(entry.entries, path, topLevel, context),
        ...folderStatus(entry.entries),
        pathWithoutType: `${path}/index`,
        chapter,
        folderContent: buildItems(ordered, context, {
          path,
          urlRelWoF,
          keyPath: String(keyPath),
          chapter: String(chapter),
        }),
      });
    } else {
      // A top-level file's chapter is the integer key+1; Typemill would give the string ".N"
      // (docs/typemill.md: Where Typemill contradicts the API contract, the contract wins).
      const chapter = topLevel ? key + 1 : `${parent.chapter}.${key + 1}`;
      const { status, fileType } = FILE_STATUS[parsed.type] ?? { status: 'modified' as const, fileType: 'txt' };
      items.push({
        ...shared,
        elementType: 'file',
        status,
        fileType,
        pathWithoutType: `${parent.path}/${nameWithoutType(entry.name)}`,
        chapter,
      });
    }
  }
  return items;
}

/** Depth-first pre-order walk of a tree. */
export function* walkItems(items: readonly Item[]): Generator<Item> {
  for (const item of items) {
    yield item;
    if (item.folderContent) yield* walkItems(item.folderContent);
  }
}
