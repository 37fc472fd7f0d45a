// YAML front matter of a markdown page as a second source of metadata (Hugo/Jekyll/Eleventy style).
import matter from 'gray-matter';
import { isRecord, parseYaml, YamlTimestamp } from '../load/yaml.ts';
import { frontMatterBlock } from './front-matter-block.ts';

/** Keys of the `meta` tab a front matter may set directly. */
const META_KEYS = new Set([
  'title',
  'description',
  'navtitle',
  'author',
  'owner',
  'hide',
  'noindex',
  'created',
  'modified',
  'allowedrole',
  'alloweduser',
  'heroimage',
  'heroimagealt',
  'reference',
  'referencetype',
  'template',
]);

/** Names other generators use for the same fields. */
const ALIASES: Record<string, string> = { date: 'created', lastmod: 'modified', updated: 'modified' };

const DATE_FIELDS = new Set(['created', 'modified']);

export interface FrontMatter {
  /** Tabs as a Typemill page yaml holds them: `{ meta: {…}, <tab>: {…} }`. */
  tabs: Record<string, Record<string, unknown>>;
  /** `draft: true`: the page is unpublished, as if only a .txt draft existed. */
  draft: boolean;
  /** The markdown after the closing `---` line. */
  body: string;
}

/** A `.md` file's front matter block as written ('' for none): the same block, the same meta values and draft flag. */
export function frontMatterKey(text: string): string {
  return text.startsWith('---') ? (frontMatterBlock(text)?.block ?? '') : '';
}

function normalised(key: string, value: unknown): unknown {
  if (!(value instanceof YamlTimestamp)) return value;
  return DATE_FIELDS.has(key) ? new Date(value.epochSeconds * 1000).toISOString().slice(0, 10) : value.epochSeconds;
}

function toTabs(data: Record<string, unknown>): Record<string, Record<string, unknown>> {
  const meta: Record<string, unknown> = {};
  const tabs: Record<string, Record<string, unknown>> = { meta };
  for (const [rawKey, value] of Object.entries(data)) {
    if (isRecord(value)) {
      const tab = (tabs[rawKey] ??= {});
      for (const [field, fieldValue] of Object.entries(value)) tab[field] = normalised(field, fieldValue);
      continue;
    }
    const key = ALIASES[rawKey] ?? rawKey;
    if (META_KEYS.has(key)) meta[key] = normalised(key, value);
  }
  return tabs;
}

/** Front matter of a page, or undefined when the page has none (then it is ordinary content). Throws on bad YAML. */
export function readFrontMatter(text: string, file: string): FrontMatter | undefined {
  const found = frontMatterBlock(text);
  if (!found) return undefined;
  const parsed = matter(found.block, {
    // gray-matter hands over the text after the opening `---`, with or without its line end; the YAML starts on line 2.
    engines: {
      yaml: (yaml: string) =>
        parseYaml(yaml, file, { timestamps: 'keep', lineOffset: yaml.startsWith('\n') ? 0 : 1 }) as object,
    },
  });
  const data: unknown = parsed.data;
  if (!isRecord(data) || Object.keys(data).length === 0) return undefined;
  return { tabs: toTabs(data), draft: data.draft === true, body: found.body };
}

/** The sibling yaml wins field by field; null there means unset. */
export function mergeWithYaml(frontMatter: FrontMatter['tabs'], yaml: unknown): Record<string, unknown> {
  const stored = isRecord(yaml) ? yaml : {};
  const merged: Record<string, unknown> = { ...stored };
  for (const [tab, fields] of Object.entries(frontMatter)) {
    const storedTab = isRecord(stored[tab]) ? stored[tab] : {};
    const winners = Object.fromEntries(
      Object.entries(storedTab).filter(([, value]) => value !== null && value !== undefined),
    );
    merged[tab] = { ...fields, ...winners };
  }
  return merged;
}
