// A site held in memory: file paths to texts, as the loader would give them (every file's time 0).
import type { SiteSource } from '../../generator/types.ts';

export type Texts = Record<string, string>;

export function sourceOfTexts(texts: Texts): SiteSource {
  const paths = Object.keys(texts);
  return {
    rootPath: '/srv/site',
    baseUrl: 'http://localhost/typemill',
    contentEntries: paths.filter((path) => path.startsWith('content/')),
    files: new Map(paths.map((path) => [path, { path, text: texts[path]!, mtimeMs: 0 }])),
    mtimes: new Map(),
    knownPaths: new Set(paths),
  };
}
