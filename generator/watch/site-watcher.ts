// Watches a site folder's inputs and reports each burst of changes once, with the paths it touched, after the burst
// has been quiet for a while (editors and Typemill write a file in several steps).
import { existsSync, watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';

export const SITE_FOLDERS = ['content', 'settings', 'plugins', 'themes', 'media'] as const;

export interface SiteWatcher {
  close(): void;
}

/** `onBurst` gets the changed paths relative to the site (`content/01-guides/02-setup.md`), sorted. */
export function watchSite(site: string, quietMs: number, onBurst: (paths: string[]) => void): SiteWatcher {
  let timer: NodeJS.Timeout | undefined;
  let changed = new Set<string>();
  const flush = () => {
    const paths = [...changed].sort();
    changed = new Set();
    onBurst(paths);
  };
  const watchers: FSWatcher[] = SITE_FOLDERS.map((folder) => ({ folder, path: join(site, folder) }))
    .filter(({ path }) => existsSync(path))
    .map(({ folder, path }) =>
      watch(path, { recursive: true }, (_event, name) => {
        changed.add(name === null ? folder : `${folder}/${String(name).split('\\').join('/')}`);
        clearTimeout(timer);
        timer = setTimeout(flush, quietMs);
      }),
    );
  return {
    close: () => {
      clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
    },
  };
}
