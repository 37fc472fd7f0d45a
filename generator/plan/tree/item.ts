// The Item shape in Typemill's field order (docs/typemill.md: Item fields keep Typemill's order): files and folders
// differ.

export interface Item {
  originalName: string;
  elementType: 'file' | 'folder';
  contains?: 'pages' | 'posts';
  status: 'published' | 'unpublished' | 'modified' | 'undefined';
  fileType: string;
  order: string | null;
  name: unknown;
  slug: string;
  path: string;
  pathWithoutType: string;
  key: number;
  keyPath: number | string;
  keyPathArray: string[];
  chapter: number | string;
  urlRelWoF: string;
  urlRel: string;
  urlAbs: string;
  active: false;
  activeParent: false;
  hide: boolean;
  folderContent?: Item[];
  noindex: boolean;
}

/** Orders the fields as Typemill emits them; for folders, folderContent comes before noindex. */
export function orderedItem(item: Item, folderContent?: Item[]): Record<string, unknown> {
  const common = {
    order: item.order,
    name: item.name,
    slug: item.slug,
    path: item.path,
    pathWithoutType: item.pathWithoutType,
  };
  const numbering = { key: item.key, keyPath: item.keyPath, keyPathArray: item.keyPathArray, chapter: item.chapter };
  const urls = { urlRelWoF: item.urlRelWoF, urlRel: item.urlRel, urlAbs: item.urlAbs };
  const flags = { active: item.active, activeParent: item.activeParent, hide: item.hide };
  if (item.elementType === 'file') {
    return {
      originalName: item.originalName,
      elementType: item.elementType,
      status: item.status,
      fileType: item.fileType,
      ...common,
      ...numbering,
      ...urls,
      ...flags,
      noindex: item.noindex,
    };
  }
  return {
    originalName: item.originalName,
    elementType: item.elementType,
    contains: item.contains,
    status: item.status,
    fileType: item.fileType,
    ...common,
    ...urls,
    ...numbering,
    ...flags,
    folderContent: (folderContent ?? item.folderContent ?? []).map((child) => orderedItem(child)),
    noindex: item.noindex,
  };
}
