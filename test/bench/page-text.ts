// Realistic documentation markdown for benchmark pages: headings, paragraphs, lists, tables, code, links, images.
import type { Random } from './prng.ts';

const WORDS = (
  'the a an of to and in for on with by from as is are be can will this that each every page site user role ' +
  'content folder setting value request response server client build snapshot file cache header token session ' +
  'install configure deploy update remove create edit publish draft review search index route plugin theme ' +
  'markdown editor navigation menu block image link table list code example default option field language ' +
  'quickly safely always never usually simply directly automatically before after when while because'
).split(' ');
const LANGUAGES = ['js', 'php', 'yaml', 'bash', 'json'];
const CODE_LINES = [
  'const answer = await fetch(url, { headers });',
  '$page = $this->getPage($url);',
  'title: Example page',
  'npm run build -- --site .',
  '{"navigation": [], "draft": false}',
  'if (!$user) { return false; }',
  'for (const item of items) console.log(item.name);',
  'echo "done" >> build.log',
];

function words(random: Random, count: number): string {
  return Array.from({ length: count }, () => random.pick(WORDS)).join(' ');
}

function sentence(random: Random): string {
  const text = words(random, random.int(6, 16));
  return text.charAt(0).toUpperCase() + text.slice(1) + '.';
}

function paragraph(random: Random, links: readonly string[]): string {
  const sentences = Array.from({ length: random.int(2, 6) }, () => sentence(random));
  if (random.chance(0.5)) sentences.splice(1, 0, `See [${words(random, 2)}](${random.pick(links)}) for details.`);
  if (random.chance(0.3))
    sentences.push(`Read **${words(random, 2)}** on [the project site](https://example.org/${random.pick(WORDS)}).`);
  if (random.chance(0.2)) sentences.push(`Use \`${random.pick(WORDS)}\` with *care*.`);
  return sentences.join(' ');
}

function list(random: Random): string {
  const ordered = random.chance(0.4);
  return Array.from(
    { length: random.int(3, 7) },
    (_, index) => `${ordered ? `${index + 1}.` : '-'} ${words(random, random.int(3, 9))}`,
  ).join('\n');
}

function table(random: Random): string {
  const columns = random.int(2, 4);
  const row = () => `| ${Array.from({ length: columns }, () => words(random, random.int(1, 3))).join(' | ')} |`;
  return [row(), `|${' --- |'.repeat(columns)}`, ...Array.from({ length: random.int(2, 6) }, row)].join('\n');
}

function code(random: Random): string {
  return [
    '```' + random.pick(LANGUAGES),
    ...Array.from({ length: random.int(2, 8) }, () => random.pick(CODE_LINES)),
    '```',
  ].join('\n');
}

function image(random: Random): string {
  return `![${words(random, 3)}](media/live/image-${random.int(1, 40)}.png)`;
}

const SECTION_PARTS: ReadonlyArray<(random: Random, links: readonly string[]) => string> = [
  paragraph,
  paragraph,
  paragraph,
  (random) => list(random),
  (random) => table(random),
  (random) => code(random),
  (random) => image(random),
];

/** A page of roughly `targetBytes` of markdown starting with `# title`; `links` are site URLs to link to. */
export function pageMarkdown(random: Random, title: string, targetBytes: number, links: readonly string[]): string {
  const parts = [`# ${title}`, paragraph(random, links)];
  let size = parts.join('\n\n').length;
  while (size < targetBytes) {
    const section = [`## ${sentence(random).slice(0, -1)}`];
    for (let count = random.int(2, 5); count > 0; count--) section.push(random.pick(SECTION_PARTS)(random, links));
    if (random.chance(0.3)) section.splice(2, 0, `### ${words(random, random.int(2, 5))}`);
    parts.push(...section);
    size += section.join('\n\n').length + 2;
  }
  return parts.join('\n\n') + '\n';
}
