// Test helper: a search index for the hand-made gateway fixture, so hostile requests reach a real search.
import { SEARCH_INDEX_KEY } from '../../gateway/search/search-format.ts';
import type { SearchDocument } from '../../gateway/search/search-format.ts';
import { buildSearchIndex } from '../../generator/search/build-search-index.ts';
import type { FixtureBody } from '../gateway/make-snapshot.ts';

const page = (url: string, title: string, text: string, extra: Partial<SearchDocument> = {}): SearchDocument =>
  ({ url, title, slug: url.split('/').at(-1) ?? '', live: true, draft: true, sections: [[title, text]], ...extra });

export const SEARCH_DOCUMENTS: SearchDocument[] = [
  page('/', 'Home', 'Welcome to the fixture site. Search works here.'),
  page('/getting-started', 'Getting started', 'Install the fixture and start searching <script>alert(1)</script> & more.', { draft: false }),
  page('/getting-started', 'Getting started', 'Draft text about the upcoming installer.', { live: false }),
  page('/editors-only', 'Editors only', 'Restricted planning notes for editors.', { restriction: { role: 'editor' } }),
  page('/for-author', 'For authoruser', 'Personal notes for authoruser.', { restriction: { users: ['authoruser'] } }),
];

export async function searchIndexBody(): Promise<Record<string, FixtureBody>> {
  return { [SEARCH_INDEX_KEY]: { json: JSON.stringify(await buildSearchIndex(SEARCH_DOCUMENTS, 'en')) } };
}
