// Normalises the `url` query value exactly as Typemill's item lookup does
// (docs/typemill.md: URL lookups normalise the url as Typemill does).

const EDITOR_PREFIXES = /tm\/content\/(visual|raw)/g;

function trimSlashes(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && value.charCodeAt(start) === 47) start++;
  while (end > start && value.charCodeAt(end - 1) === 47) end--;
  return value.slice(start, end);
}

/** `///getting-started//` → `/getting-started`; `` and `/` → `/`. Case and inner `//` are kept. */
export function normalizeUrl(raw: string): string {
  const withoutEditor = trimSlashes(raw).replace(EDITOR_PREFIXES, '');
  return '/' + trimSlashes(withoutEditor);
}
