// Request keys read back as what they stand for: the page URL, the slug, and the API request path to purge.

/** `content:live:/a` → `/a`; keys of other kinds → undefined. */
export function pageUrlOf(key: string): string | undefined {
  return /^(?:content:(?:live|draft)|meta|item):(.*)$/.exec(key)?.[1];
}

/** `items:faq` → `faq`. */
export function slugOf(key: string): string | undefined {
  return /^items:(.*)$/.exec(key)?.[1];
}

/** Query values as a client would write them: `/` stays readable, everything else is percent-encoded. */
function queryValue(value: string): string {
  return encodeURIComponent(value).replace(/%2F/g, '/');
}

// User answers are never cached (`no-store`), so they have no path to purge.
const REQUEST_PATHS: ReadonlyArray<readonly [RegExp, (value: string) => string]> = [
  [/^navigation:live$/, () => '/api/v1/navigation'],
  [/^navigation:draft$/, () => '/api/v1/navigation?draft=true'],
  [/^content:live:(.*)$/, (url) => `/api/v1/article/content?url=${queryValue(url)}`],
  [/^content:draft:(.*)$/, (url) => `/api/v1/article/content?url=${queryValue(url)}&draft=true`],
  [/^meta:(.*)$/, (url) => `/api/v1/article/meta?url=${queryValue(url)}`],
  [/^item:(.*)$/, (url) => `/api/v1/article/item?url=${queryValue(url)}`],
  [/^items:(.*)$/, (slug) => `/api/v1/article/items?slug=${queryValue(slug)}`],
  [/^settings$/, () => '/api/v1/settings/'],
  [/^mainnavi:/, () => '/api/v1/mainnavi/'],
  [/^systemnavi:/, () => '/api/v1/systemnavi/'],
  [/^openapi$/, () => '/api/v1/openapi.yaml'],
  // Search (issue 13): any answer under this path may have changed; purge it as a prefix.
  [/^search:index$/, () => '/api/v1/search'],
];

/** The request path (with the installation base path) that reaches a key's body, or undefined for user answers. */
export function requestPathOf(key: string, basePath: string): string | undefined {
  for (const [pattern, toPath] of REQUEST_PATHS) {
    const match = pattern.exec(key);
    if (match) return basePath + toPath(match[1] ?? '');
  }
  return undefined;
}
