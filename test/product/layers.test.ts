// The folders are the architecture: both programs share contract/ (which imports neither), object storage sits in
// storage/, terminal conventions in terminal/; the generator never imports the gateway nor the reverse; only
// commands/ (which runs both) may import either; and no file imports itself back through others, type imports included.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, resolve } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { circlesIn, importCircles, importGraph } from '../helpers/import-circles.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const SOURCE = /\.(?:ts|mjs)$/;
const IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** Top folder → the top folders its files may import from (besides its own). */
const ALLOWED: Record<string, readonly string[]> = {
  contract: [],
  storage: ['contract'],
  terminal: ['contract'],
  generator: ['contract', 'storage', 'terminal'],
  gateway: ['contract', 'storage', 'terminal'],
  client: ['contract'],
  commands: ['contract', 'storage', 'terminal', 'generator', 'gateway'],
};

function sourcesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !entry.parentPath.includes(`${folder}/build`))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

function crossings(): string[] {
  const found: string[] = [];
  for (const [folder, allowed] of Object.entries(ALLOWED)) {
    for (const file of sourcesUnder(folder)) {
      for (const [, specifier] of readFileSync(join(ROOT, file), 'utf8').matchAll(IMPORT)) {
        const target = normalize(join(dirname(file), specifier!)).split('/')[0]!;
        if (target !== folder && !allowed.includes(target))
          found.push(`${file} imports ${normalize(join(dirname(file), specifier!))}`);
      }
    }
  }
  return found;
}

const Layers = suite('source folders and their imports');

Layers(
  'every import stays within the layers: contract imports nothing, the two programs never import each other',
  () => {
    assert.equal(crossings(), []);
  },
);

Layers('the rule sees an import that crosses: the folders it checks hold sources', () => {
  for (const folder of Object.keys(ALLOWED)) assert.ok(sourcesUnder(folder).length > 0, folder);
});

Layers('no import circles among the sources, type imports included', () => {
  assert.equal(importCircles(ROOT), []);
});

Layers('the circle check sees a circle closed by a type import, an export-from or a literal dynamic import', () => {
  const graph = importGraph(
    new Map([
      ['gateway/a/model.ts', "import type { Reply } from '../b/reply.ts';\n"],
      ['gateway/b/reply.ts', "export { helper } from './helper.ts';\n"],
      ['gateway/b/helper.ts', "const lazy = () => import('../a/model.ts');\n"],
      ['gateway/c/alone.ts', "import { helper } from '../b/helper.ts';\n// import '../c/alone.ts';\n"],
      ['gateway/d/outside.ts', "import { x } from 'node:fs';\nimport '../../contract/missing.ts';\n"],
    ]),
  );
  assert.equal(circlesIn(graph), [['gateway/a/model.ts', 'gateway/b/helper.ts', 'gateway/b/reply.ts']]);
  assert.equal(circlesIn(new Map([...graph].filter(([file]) => file !== 'gateway/b/helper.ts'))), []);
});

Layers.run();
