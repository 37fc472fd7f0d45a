// The AI files' texts from plain values (docs/ai.md): `llms.txt` in the llmstxt.org form, one page's part of
// `llms-full.txt`, and the manifest that lists a view's parts.
import type { Restriction } from '../../contract/snapshot.ts';

/** A page as the AI files see it, in navigation order. */
export interface LlmsPage {
  url: string;
  /** The meta title, else the navigation name. */
  title: string;
  description: string;
  /** It has published content and is neither hidden nor noindex: some view may list it. */
  listable: boolean;
  restriction?: Restriction;
  /** The URL of its top-level folder; undefined for the home page and top-level pages (the Overview). */
  section: string | undefined;
}

export interface LlmsSite {
  title: string;
  description: string;
  /** `--base-url` without trailing slash. */
  baseUrl: string;
  /** Title of each top-level folder by its URL, in navigation order. */
  sections: ReadonlyMap<string, string>;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const linkText = (text: string) => oneLine(text).replace(/([[\]\\])/g, '\\$1');
/** A path as a link target: percent-encoded, with the brackets markdown would end a link at encoded too. */
const encodedPath = (url: string) => encodeURI(url).replace(/\(/g, '%28').replace(/\)/g, '%29');

/** The absolute URL of a page's markdown: `<base>/<url>.md`, the home page `<base>/index.md`. */
export function markdownUrl(baseUrl: string, url: string): string {
  return `${baseUrl}${url === '/' ? '/index' : encodedPath(url)}.md`;
}

/** The absolute URL of the page itself. */
export function pageUrl(baseUrl: string, url: string): string {
  return `${baseUrl}${encodedPath(url)}`;
}

function linkLine(baseUrl: string, page: LlmsPage): string {
  const description = oneLine(page.description);
  const link = `- [${linkText(page.title)}](${markdownUrl(baseUrl, page.url)})`;
  return description === '' ? link : `${link}: ${description}`;
}

/** `# title`, the `> description` line when there is one, `## Overview`, then one section per top-level folder; a
 *  section without a listed page is left out. */
export function llmsTxtText(site: LlmsSite, listed: readonly LlmsPage[]): string {
  const blocks = [`# ${oneLine(site.title)}`];
  if (oneLine(site.description) !== '') blocks.push(`> ${oneLine(site.description)}`);
  const sections: Array<[string, string | undefined]> = [
    ['Overview', undefined],
    ...[...site.sections].map(([url, title]): [string, string] => [oneLine(title), url]),
  ];
  for (const [heading, url] of sections) {
    const lines = listed.filter((page) => page.section === url).map((page) => linkLine(site.baseUrl, page));
    if (lines.length > 0) blocks.push(`## ${heading}`, lines.join('\n'));
  }
  return `${blocks.join('\n\n')}\n`;
}

/** One page of `llms-full.txt`: `# <title>`, its source URL, its markdown. */
export function llmsPartText(baseUrl: string, title: string, url: string, markdown: string): string {
  return `# ${title}\n\nSource: ${pageUrl(baseUrl, url)}\n\n${markdown}\n\n`;
}
