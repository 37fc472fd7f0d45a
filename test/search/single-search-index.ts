// Test reference: the generator's single-body search index (format 1, MiniSearch's serialised form) made searchable
// as the gateway makes its shards, so the sharded index is tested against the library it replaced. No snapshot holds
// this form: the gateway refuses it (docs/decisions.md: The gateway reads only the sharded search index).
import { sectionsOf } from '../../contract/search/content-sections.ts';
import { SEARCH_FORMAT } from '../../contract/search/search-format.ts';
import type { SearchDocument } from '../../contract/search/search-format.ts';
import { LEAD_WORDS, firstWords, leadOf } from '../../contract/search/search-lead.ts';
import { languageTools } from '../../contract/search/search-terms.ts';
import type { LanguageTools } from '../../contract/search/search-terms.ts';
import { fail, record, text } from '../../gateway/search/index-fields.ts';
import type { PostingIndex } from '../../gateway/search/posting-builder.ts';
import { commonTermsOf, searchIndexOf } from '../../gateway/search/search-index.ts';
import type { SearchIndex } from '../../gateway/search/search-index.ts';
import { storedDocument } from '../../gateway/search/stored-documents.ts';
import { readStoredBody } from '../../gateway/snapshot/body-store.ts';
import type { LoadedEntry } from '../../gateway/snapshot/model.ts';
import { postingIndex } from './minisearch-postings.ts';

/** Each document's lead from its content body, as the build makes it (the single body stores none). */
function bodyLeads(
  documents: readonly SearchDocument[],
  entries: ReadonlyMap<string, LoadedEntry>,
  postings: PostingIndex,
  tools: LanguageTools,
): Promise<number[][]> {
  return Promise.all(
    documents.map(async (document) => {
      // A test's stand-in entry without a body file has no lead.
      const entry = entries.get(document.key);
      if (entry?.identity === undefined) return [];
      const sections = sectionsOf((await readStoredBody(entry.identity)).toString('utf8'));
      const words = firstWords(sections.map(([, section]) => section).join('\n'), LEAD_WORDS);
      return leadOf(words, tools).flatMap((word) => postings.terms.get(word) ?? []);
    }),
  );
}

/** The whole index in one value; `entries`: the snapshot's entries, which every document's content key must name. */
export async function parseSearchIndex(
  value: unknown,
  entries: ReadonlyMap<string, LoadedEntry>,
): Promise<SearchIndex> {
  const fields = record(value, 'file');
  if (fields.format !== SEARCH_FORMAT)
    fail('format', `expected ${SEARCH_FORMAT}, got ${JSON.stringify(fields.format)}`);
  if (!Array.isArray(fields.documents)) fail('documents', 'expected an array');
  const documents = fields.documents.map((item, position) => {
    const where = `documents[${position}]`;
    const stored = record(item, where);
    return storedDocument(stored, where, () => text(stored.key, `${where}.key`), entries);
  });
  const language = text(fields.language, 'language');
  const commonTerms = commonTermsOf(fields.commonTerms);
  const postings = postingIndex(fields.index, documents.length);
  const leads = await bodyLeads(documents, entries, postings, await languageTools(language));
  return searchIndexOf(documents, postings, language, commonTerms, entries, undefined, leads);
}
