// Page-local patches that return to an earlier state (an edit undone, two pages swapping texts, an undo across a site
// build): the sweep after each patch keeps every file the new snapshot names again, so both kept snapshots stay whole
// and every answer is a fresh build's (docs/testing.md: Edit, then undo).
import { rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite, formatProblem } from '../../generator/resident/choose-build.ts';
import { residentBuilder, type ResidentBuilder } from '../../generator/resident/resident-build.ts';
import { copyFixture, removeDir, temporaryDir } from '../helpers/fixture-site.ts';
import { assertAnswersOf, listing, missingNamedFiles, poolAndNamed, touched } from '../helpers/incremental-compare.ts';

const BASE_URL = 'http://localhost/handbook';
const CONTACT = join('content', '06-contact.md');
const FAQ = join('content', '02-status', '05-faq.md');

/** Two texts of different sizes (a one-off build sees an edit by size or time), each always saved with its own time,
 *  so that writing a text back restores the page's state exactly: its bodies and the index shards that hold them. */
const TEXTS = {
  A: { text: '# Contact\n\nWrite to us.\n', time: new Date('2024-06-01T08:00:00Z') },
  B: { text: '# Contact\n\nWrite to us, or call: we answer within a day.\n', time: new Date('2024-06-02T09:30:00Z') },
} as const;
type Text = keyof typeof TEXTS;

/** A step: which text each edited page gets (`site`: a change that is not page-local, so the site is built). */
type Step = { name: string; pages: Array<[string, Text]> } | { name: string; site: (site: string) => Promise<void> };

async function save(site: string, page: string, text: Text): Promise<void> {
  await writeFile(join(site, page), TEXTS[text].text);
  await utimes(join(site, page), TEXTS[text].time, TEXTS[text].time);
}

const SEQUENCES: Record<string, Step[]> = {
  'A → B → A → B on one page': [
    { name: 'A', pages: [[CONTACT, 'A']] },
    { name: 'B', pages: [[CONTACT, 'B']] },
    { name: 'A again', pages: [[CONTACT, 'A']] },
    { name: 'B again', pages: [[CONTACT, 'B']] },
    { name: 'A a third time', pages: [[CONTACT, 'A']] },
  ],
  'two pages swapping texts': [
    {
      name: 'A and B',
      pages: [
        [CONTACT, 'A'],
        [FAQ, 'B'],
      ],
    },
    {
      name: 'swapped',
      pages: [
        [CONTACT, 'B'],
        [FAQ, 'A'],
      ],
    },
    {
      name: 'swapped back',
      pages: [
        [CONTACT, 'A'],
        [FAQ, 'B'],
      ],
    },
    { name: 'both B', pages: [[CONTACT, 'B']] },
    { name: 'both A', pages: [[FAQ, 'A']] },
  ],
  'an edit undone across a site build': [
    { name: 'A', pages: [[CONTACT, 'A']] },
    { name: 'B', pages: [[CONTACT, 'B']] },
    {
      name: 'a new page (site build)',
      site: (site) => writeFile(join(site, 'content', '09-new.md'), '# New\n\nA page of its own.\n'),
    },
    { name: 'A again', pages: [[CONTACT, 'A']] },
    { name: 'B again', pages: [[CONTACT, 'B']] },
    {
      name: 'the new page deleted (site build)',
      site: (site) => rm(join(site, 'content', '09-new.md')),
    },
    { name: 'A a third time', pages: [[CONTACT, 'A']] },
  ],
};

/** After each step: both builders patched (or built) as expected, every file each kept snapshot names opens, the
 *  pool holds nothing more, and every answer is the fresh build's. */
async function checkStep(label: string, outs: Array<[string, string]>, site: string): Promise<void> {
  const fresh = await temporaryDir('edit-undo-fresh');
  try {
    const scratch = await buildSite({ site, out: fresh, baseUrl: BASE_URL, workers: 0 });
    assert.ok(scratch.ok, `${label}: ${scratch.ok ? '' : scratch.errors.map(formatProblem).join('\n')}`);
    for (const [builder, out] of outs) {
      assert.equal(await missingNamedFiles(out), [], `${label} (${builder}): every named file is there`);
      const { pool, named } = await poolAndNamed(out);
      assert.equal(pool, named, `${label} (${builder}): the pool holds what the kept snapshots name, no more`);
      await assertAnswersOf(out, fresh, `${label} (${builder})`);
    }
  } finally {
    await removeDir(fresh);
  }
}

const Undo = suite('edits undone by page-local patches');

for (const [sequence, steps] of Object.entries(SEQUENCES)) {
  Undo(`${sequence}: both kept snapshots whole, every answer a fresh build's`, async () => {
    const site = await copyFixture('site');
    const repeated = await temporaryDir('edit-undo-repeated');
    const residentOut = await temporaryDir('edit-undo-resident');
    const resident: ResidentBuilder = residentBuilder({ site, out: residentOut, baseUrl: BASE_URL });
    try {
      assert.ok((await buildSite({ site, out: repeated, baseUrl: BASE_URL })).ok);
      assert.ok((await resident.build()).ok);
      for (const step of steps) {
        const before = await listing(site);
        if ('site' in step) await step.site(site);
        else for (const [page, text] of step.pages) await save(site, page, text);
        const changed = touched(before, await listing(site));
        const scope = 'site' in step ? 'site' : 'pages';
        const kept = await resident.build(changed);
        const again = await buildSite({ site, out: repeated, baseUrl: BASE_URL });
        for (const [builder, outcome] of [
          ['resident', kept],
          ['repeated', again],
        ] as const) {
          assert.ok(outcome.ok, `${step.name} (${builder}): ${outcome.ok ? '' : outcome.errors.map(formatProblem)}`);
          assert.is(outcome.ok && outcome.scope, scope, `${step.name} (${builder}): built as ${scope}`);
        }
        await checkStep(
          `${sequence}, ${step.name}`,
          [
            ['resident', residentOut],
            ['repeated', repeated],
          ],
          site,
        );
      }
    } finally {
      await removeDir(join(site, '..'));
      await removeDir(repeated);
      await removeDir(residentOut);
    }
  });
}

Undo.run();
