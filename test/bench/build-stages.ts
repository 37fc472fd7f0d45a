// Focused profiling aid: times each stage of one snapi build (load, build, publish) on a site folder.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildSite } from '../../generator/resident/choose-build.ts';

const { values } = parseArgs({ options: { site: { type: 'string' }, out: { type: 'string' } } });
if (!values.site || !values.out) throw new Error('usage: tsx test/bench/build-stages.ts --site DIR --out DIR');
const started = performance.now();
let last = started;
const outcome = await buildSite({
  site: resolve(values.site),
  out: resolve(values.out),
  baseUrl: 'http://localhost:8080',
  onStage: (stage) => {
    const now = performance.now();
    console.log(`${((now - last) / 1000).toFixed(2).padStart(6)} s  (before "${stage}")`);
    last = now;
  },
});
console.log(`${((performance.now() - last) / 1000).toFixed(2).padStart(6)} s  (last stage)`);
console.log(`total ${((performance.now() - started) / 1000).toFixed(2)} s, ok: ${outcome.ok}`);
