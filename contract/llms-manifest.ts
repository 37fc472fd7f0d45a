// The manifest of a view's `llms-full.txt`: its parts in order, one line each, the part's content hash and its page
// URL (the part is the entry `llms:part:<url>`). The generator writes it, the gateway streams the parts it names; its
// own hash, the ETag, changes with any part (docs/ai.md).

export interface ManifestPart {
  hash: string;
  url: string;
}

export function manifestText(parts: readonly ManifestPart[]): string {
  return parts.map(({ hash, url }) => `${hash} ${url}\n`).join('');
}

export function parseManifest(text: string): ManifestPart[] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const space = line.indexOf(' ');
      return { hash: line.slice(0, space), url: line.slice(space + 1) };
    });
}
