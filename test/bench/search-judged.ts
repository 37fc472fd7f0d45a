// `npx tsx test/bench/search-judged.ts [--docs DIR]`: the judged queries (success@3 and MRR) on the sample site and
// the search-docs fixture, and with --docs on the Typemill documentation. DIR is a checkout of github.com/typemill/docs
// (its content folder; not vendored, the repository has no licence); nothing is fetched here. Builds it as a site into
// test/.tmp/typemill-docs with the synonyms its judged set declares; prints one row per set; exit 1 when one misses
// its target.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { judgedRows, typemillDocs } from './search-judged-rows.ts';

const { values } = parseArgs({ options: { docs: { type: 'string' } } });
const docs = values.docs === undefined ? undefined : await typemillDocs(resolve(values.docs));
const rows = await judgedRows(docs);
for (const row of rows) console.log(`${row.met ? 'met ' : 'MISS'} ${row.measure}: ${row.note}`);
process.exit(rows.every((row) => row.met) ? 0 : 1);
