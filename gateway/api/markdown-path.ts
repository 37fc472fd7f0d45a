// `<base>/<page url>.md`: the page URL a markdown path names (docs/ai.md). API routes are matched first and none ends
// in `.md`, so a top-level folder named like an API path (`api/`) is still a page here.
import { normalizeUrl } from '../../contract/normalize-url.ts';

const SUFFIX = '.md';

/** The page URL (`/guides/faq`; `/` for `/index.md`), or undefined when the path is not a markdown path. */
export function markdownPageUrl(pathname: string, basePath: string): string | undefined {
  if (!pathname.endsWith(SUFFIX)) return undefined;
  const relative = basePath !== '' && pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : pathname;
  let decoded: string;
  try {
    decoded = decodeURIComponent(relative.slice(0, -SUFFIX.length));
  } catch {
    return undefined;
  }
  if (decoded === '' || decoded === '/') return undefined;
  return decoded === '/index' ? '/' : normalizeUrl(decoded);
}
