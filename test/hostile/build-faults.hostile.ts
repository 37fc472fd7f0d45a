// Slow build fault: a 50 MB markdown page builds (no size limit) without crashing, and its blocks are all there.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readSnapshotIndex } from '../../generator/write/read-snapshot-index.ts';
import { copyFixture, removeDir, temporaryDir } from '../helpers/fixture-site.ts';
import { runProcess } from '../helpers/run-process.ts';

const TARGET_BYTES = 50 * 1024 * 1024;
const FILLER = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(8);

/** `# Big page`, then sections of a heading and a paragraph until the text reaches 50 MB; returns the text and section
 *  count. */
function bigMarkdown(): { text: string; sections: number } {
  const parts = ['# Big page\n'];
  let bytes = parts[0]!.length;
  let sections = 0;
  while (bytes < TARGET_BYTES) {
    const part = `## Section ${sections}\n\nParagraph ${sections} with **bold** and a [link](/contact). ${FILLER}\n`;
    parts.push(part);
    bytes += part.length + 1;
    sections++;
  }
  return { text: parts.join('\n'), sections };
}

const big = suite('a 50 MB markdown page');
let site = '';
let out = '';
big.before(async () => {
  site = await copyFixture('site');
  out = await temporaryDir('big-page-dist');
});
big.after(async () => {
  await removeDir(join(site, '..'));
  await removeDir(out);
});

big('builds: the CLI exits 0 and the page has every block, the last one intact', async () => {
  const { text, sections } = bigMarkdown();
  await writeFile(join(site, 'content', '08-big.md'), text);
  // Rendering 50 MB is minutes of CPU on a slow machine; a build that loops still ends here.
  const { code, stdout, stderr } = await runProcess(
    'generator/cli/build.ts',
    ['--site', site, '--out', out, '--json'],
    {
      bound: { cpuSeconds: 600, wallSeconds: 1800 },
    },
  );
  assert.is(code, 0, stderr);
  const summary = JSON.parse(stdout) as { pages: number; snapshot: string };
  assert.is(summary.pages, 26);
  const directory = join(out, 'snapshots', summary.snapshot);
  const index = readSnapshotIndex(directory).index;
  const entry = index.entries['content:live:/big'];
  assert.ok(entry, 'no live content for /big');
  const content = (
    JSON.parse(await readFile(join(directory, entry.file), 'utf8')) as {
      content: Array<{ id: number; markdown: string; html: string }>;
    }
  ).content;
  const last = sections - 1;
  assert.is(content.length, 1 + 2 * sections);
  assert.equal(content[0], { id: 0, markdown: '# Big page', html: '<h1 id="h-big-page">Big page</h1>' });
  assert.equal(content.at(-1), {
    id: 2 * sections,
    markdown: `Paragraph ${last} with **bold** and a [link](/contact). ${FILLER}`,
    // Parsedown keeps the trailing space of a paragraph's last line, as Typemill shows.
    html: `<p>Paragraph ${last} with <strong>bold</strong> and a <a href="http://localhost:8080/contact">link</a>. ${FILLER}</p>`,
  });
});

big.run();
