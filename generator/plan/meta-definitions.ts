// Meta tab definitions: built-in tab, active plugins' and the theme's `metatabs:` merged as PHP array_merge_recursive
// (docs/typemill.md: Meta fields come from the built-in tab, active plugins and the theme).
import { isRecord } from '../load/yaml.ts';

/** A field, or a fieldset with fields of its own. */
export interface FieldNode {
  name: string;
  fields?: FieldNode[];
}
export type TabDefinitions = Array<{ tab: string; fields: FieldNode[] }>;

const set = (name: string, fields: string[]): FieldNode => ({ name, fields: fields.map((field) => ({ name: field })) });

export const BUILT_IN_TABS: TabDefinitions = [
  {
    tab: 'meta',
    fields: [
      { name: 'navtitle' },
      set('fieldsetcontent', ['title', 'description', 'heroimage', 'heroimagealt']),
      set('fieldsetauthor', ['owner', 'author']),
      set('fieldsetrights', ['allowedrole', 'alloweduser']),
      set('fieldsetpubdate', ['manualdate', 'modified', 'created', 'time']),
      set('fieldsetreference', ['reference', 'referencetype']),
      set('fieldsetvisibility', ['hide', 'noindex']),
      set('fieldsetfolder', ['contains']),
    ],
  },
];

/** Used when the theme has no yaml of its own, so every field of the API contract appears
 *  (docs/typemill.md: Theme meta fields have a built-in fallback). */
export const FALLBACK_THEME_TABS: TabDefinitions = [
  {
    tab: 'meta',
    fields: [
      set('fieldsetfolder', ['glossary']),
      { name: 'template' },
      { name: 'pagelisting' },
      { name: 'shorttitle' },
    ],
  },
];

function toFieldNodes(fields: unknown): FieldNode[] {
  if (!isRecord(fields)) return [];
  return Object.entries(fields).map(([name, definition]) =>
    isRecord(definition) && isRecord(definition.fields) ? { name, fields: toFieldNodes(definition.fields) } : { name },
  );
}

/** `metatabs:` of a plugin or theme yaml → tab definitions. */
export function parseMetatabs(metatabs: unknown): TabDefinitions {
  if (!isRecord(metatabs)) return [];
  return Object.entries(metatabs).map(([tab, definition]) => ({
    tab,
    fields: toFieldNodes(isRecord(definition) ? definition.fields : undefined),
  }));
}

function mergeFields(base: FieldNode[], extra: FieldNode[]): FieldNode[] {
  const merged = base.map((node) => ({ ...node }));
  for (const node of extra) {
    const existing = merged.find((candidate) => candidate.name === node.name);
    if (!existing) merged.push(node);
    else if (existing.fields || node.fields) existing.fields = mergeFields(existing.fields ?? [], node.fields ?? []);
  }
  return merged;
}

export function mergeTabs(base: TabDefinitions, extra: TabDefinitions): TabDefinitions {
  const merged = base.map((tab) => ({ ...tab }));
  for (const tab of extra) {
    const existing = merged.find((candidate) => candidate.tab === tab.tab);
    if (existing) existing.fields = mergeFields(existing.fields, tab.fields);
    else merged.push(tab);
  }
  return merged;
}

/** Field names per tab for one item: rights only with `pageaccess`, folder fieldset only for folders; fieldsets
 *  flattened. */
export function fieldsFor(
  definitions: TabDefinitions,
  options: { pageaccess: boolean; folder: boolean },
): Array<{ tab: string; fields: string[] }> {
  const flatten = (nodes: FieldNode[]): string[] =>
    nodes.flatMap((node) => (node.fields ? flatten(node.fields) : [node.name]));
  // Flattening into one PHP array keyed by field name keeps a name once, at its first position.
  return definitions.map(({ tab, fields }) => ({
    tab,
    fields: [
      ...new Set(
        flatten(
          fields.filter(
            (node) =>
              tab !== 'meta' ||
              !(
                (node.name === 'fieldsetrights' && !options.pageaccess) ||
                (node.name === 'fieldsetfolder' && !options.folder)
              ),
          ),
        ),
      ),
    ],
  }));
}
