// Reader queries on the search-docs fixture (test/fixtures/search-docs: a documentation site in the shape of Typemill's,
// written for the cases the ranking by rare words and phrases was made for) with the page each reader means: a rare word against titles holding a common one, words
// standing together in a first line, question-shaped queries, and paraphrases the site declares as synonyms.
import type { JudgedQuery } from './judge.ts';

export const SEARCH_DOCS_JUDGED: readonly JudgedQuery[] = [
  // The rare word decides: "smtp" is on one page, "settings" in four titles.
  ['smtp settings', '/admin-guide/email-tab'],
  ['smtp', '/admin-guide/email-tab'],
  // The words next to each other in a first line beat titles holding one of them.
  ['folder structure', '/developer-basics/folder-overview'],
  ['create a theme', '/theme-developers/quick-start'],
  ['create a plugin', '/plugin-developers/quick-start'],
  ['theme structure', '/theme-developers/theme-structure'],
  ['plugin structure', '/plugin-developers/plugin-structure'],
  ['plugin settings', '/admin-guide/plugin-settings'],
  ['create a folder navigation', '/theme-developers/examples/create-a-folder-navigation'],
  ['full navigation', '/theme-developers/examples/create-a-full-navigation'],
  ['system settings', '/admin-guide/system-settings'],
  ['editor settings', '/admin-guide/editor-settings'],
  ['theme variables', '/theme-developers/theme-variables'],
  ['nginx', '/getting-started/nginx'],
  // Question-shaped: the question words count for nothing.
  ['how to install typemill on nginx', '/getting-started/nginx'],
  ['how do i create a theme', '/theme-developers/quick-start'],
  ['how can i create a plugin', '/plugin-developers/quick-start'],
  ['what are the system requirements', '/getting-started/system-requirements'],
  ['where do i change the site language', '/admin-guide/system-settings'],
  ['how do i limit login attempts', '/admin-guide/security'],
  ['how do i publish a page', '/author-guide/publish-pages'],
  // Paraphrases with the synonyms of the fixture's settings (revisions: history, older version).
  ['how do i restore an older version of a page', '/author-guide/content-revisions'],
  ['page history', '/author-guide/content-revisions'],
  ['revisions', '/author-guide/content-revisions'],
];
