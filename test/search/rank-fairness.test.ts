// What a page's postings cannot show is not held against it: on a site of more than 200 pages, a word on most pages
// (kept in titles only), a typo's own spelling (the index has only its stem), and the folder title above a page.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseQuery } from '../../gateway/http/query.ts';
import { runSearch } from '../../gateway/search/run-search.ts';
import type { SearchIndex } from '../../gateway/search/search-index.ts';
import { isSearchRequest, parseSearchRequest } from '../../gateway/search/search-query.ts';
import { removeDir, temporaryDir } from '../helpers/fixture-site.ts';
import { buildSampleDist, sampleSearchIndex, SAMPLE_USERS } from './sample-dist.ts';

const PAGES: Record<string, string> = {
  'index.md': '# Home\n\nA site about Typemill.\n',
  '02-installation/index.md':
    '# Installation\n\nInstalling Typemill takes three steps. Install the files, check the permissions, then open ' +
    'the site to finish the installation. Install PHP first.\n',
  '02-installation/01-localhost.md':
    '# Typemill on Localhost\n\nTo test on your own machine, run the built-in PHP server in the folder you install ' +
    'to and open the address it prints in a browser; stop it with control-c when done.\n',
  '02-installation/02-iis.md':
    '# Typemill on IIS\n\nOn Windows servers, add the URL rewrite module and a web.config file with the rules below ' +
    'before you install; IIS then serves every page through index.php.\n',
  '03-forms/index.md': '# Forms\n\nForms collect what a reader enters.\n',
  '03-forms/01-field-overview.md':
    '# Field Overview\n\nEvery field has a type, a label and a help text. Text fields take a line, select fields a ' +
    'list of options, checkbox fields a yes or no. A form can hold any of them.\n',
  '04-generate-a-form-from-settings.md':
    '# Generate a Form from Settings\n\nThis method renders the fields a plugin declares as a form, with the values a reader saved ' +
    'before, the labels and help texts, and a button that sends it.\n',
  '06-old-journal.md': '# Old Journal\n\nEach entry is kept here as it was written.\n',
  '07-new-journal.md': '# New Journal\n\nEach change is noted here with its date.\n',
  '05-form-events-and-messages.md':
    '# Form Events and Messages\n\nA form sends events when a reader changes one of its fields, when it is sent and when the ' +
    'server answers, so a plugin can check the values or show a message.\n',
};

const folders: string[] = [];
let index: SearchIndex;

async function results(q: string) {
  const request = parseSearchRequest(parseQuery(`q=${encodeURIComponent(q)}&limit=3`));
  if (!isSearchRequest(request)) throw new Error(q);
  return (await runSearch(index, request, SAMPLE_USERS.administrator)).results;
}
const urls = async (q: string) => (await results(q)).map((result) => result.url);

const fairness = suite('ranking holds nothing against a page that its postings cannot show');
fairness.before(async () => {
  const site = join(await temporaryDir('search-fairness'), 'site');
  folders.push(dirname(site));
  await mkdir(join(site, 'settings'), { recursive: true });
  await writeFile(join(site, 'settings', 'settings.yaml'), "title: 'Fairness'\nlanguage: en\n");
  // 200 notes saying "typemill": it is on most pages, so the index keeps it in titles only; 30 of them say "steps".
  const pages = { ...PAGES };
  for (let note = 0; note < 200; note++)
    pages[`09-notes/${String(note).padStart(3, '0')}-note-${note}.md`] =
      `# Note ${note}\n\nTypemill note ${note}${note < 30 ? ' in steps' : ''}.\n`;
  for (const [path, text] of Object.entries(pages)) {
    await mkdir(dirname(join(site, 'content', path)), { recursive: true });
    await writeFile(join(site, 'content', path), text);
  }
  const dist = await buildSampleDist('search-fairness-dist', site);
  folders.push(dist);
  index = await sampleSearchIndex(dist);
});
fairness.after(async () => {
  for (const folder of folders) await removeDir(folder);
});

fairness('a word on most pages does not count against the page that never shows it in its postings', async () => {
  assert.equal(await urls('install typemill'), ['/installation', '/installation/iis', '/installation/localhost']);
});

fairness('a typo found only through its stem weighs as the stem, not half of it', async () => {
  const [typo, stem] = [await results('instalation steps'), await results('instal steps')];
  assert.equal(
    typo.map((result) => [result.url, result.score]),
    stem.map((result) => [result.url, result.score]),
  );
  assert.is(typo[0]?.url, '/installation');
});

fairness('a folder title above a page counts as its own title: Forms › Field Overview', async () => {
  assert.equal(await urls('form fields'), [
    '/forms/field-overview',
    '/form-events-and-messages',
    '/generate-a-form-from-settings',
  ]);
});

fairness(
  "a word whose stem is on most pages is found by the other spellings of the stem in a page's text",
  async () => {
    // "note" is on every note, so kept in titles only; "noted" (stem "note") stays in the journal's text.
    assert.equal((await urls('journal notes')).slice(0, 2), ['/new-journal', '/old-journal']);
  },
);

fairness.run();
