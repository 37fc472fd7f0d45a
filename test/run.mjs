// Runs every *.test.ts with uvu under tsx and closes with the plain "N passed, N failed" line CI reads.
// A skipped test or a `.only` left in a test file fails the run: either one silently drops tests from CI.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, relative } from 'node:path';
import { bundleCommands } from '../commands/bundle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const testDir = join(root, 'test');
const uvuBin = join(root, 'node_modules', 'uvu', 'bin.js');
const pattern = process.argv[2] ?? '\\.test\\.ts$';
// uvu matches the same way: case-insensitive, against the path below test/.
const selects = new RegExp(pattern, 'i');
const SKIPPED_FOLDERS = new Set(['fixtures', 'node_modules']);
const ONLY_CALL = /\b[A-Za-z_$][\w$]*\.only\s*\(/;
// uvu forces colour on whatever FORCE_COLOR says, so its summary is read with the escape codes removed.
const ANSI_ESCAPE = /\x1b\[[0-9;]*m/g;

/** Test files below test/, not descending into fixture or package folders. test/.tmp may change while this walks it. */
function selectedFiles(directory = testDir) {
  return entriesOf(directory).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : selectedFiles(path);
    const name = relative(testDir, path);
    return entry.isFile() && selects.test(name) ? [name] : [];
  });
}

function entriesOf(directory) {
  try {
    return readdirSync(directory, { withFileTypes: true });
  } catch (error) {
    if (error.code === 'ENOENT') return [];
    throw error;
  }
}

function textOf(name) {
  try {
    return readFileSync(join(testDir, name), 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return '';
    throw error;
  }
}

const filesWithOnly = selectedFiles().filter((name) => ONLY_CALL.test(textOf(name)));

// Tests that start a command as a process run its bundle, as production does: bundle them from the current sources.
await bundleCommands();
const child = spawn(process.execPath, ['--import', 'tsx', uvuBin, 'test', pattern], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...process.env, FORCE_COLOR: '0' },
});

let output = '';
child.stdout.on('data', (chunk) => {
  output += chunk;
  process.stdout.write(chunk);
});
child.on('close', (code) => {
  const plain = output.replace(ANSI_ESCAPE, '');
  const count = (label) => Number(new RegExp(`${label}:\\s+(\\d+)`).exec(plain)?.[1] ?? 0);
  const [total, passed, skipped] = [count('Total'), count('Passed'), count('Skipped')];
  // uvu's Total counts the tests that ran; skipped ones (and those left out by `.only`) are not in it.
  const ranAndFailed = total - passed;
  const failed = code === 0 ? ranAndFailed : Math.max(1, ranAndFailed);
  for (const name of filesWithOnly)
    console.error(`test/run.mjs: test/${name} calls .only(), which leaves the other tests out`);
  if (skipped > 0) console.error(`test/run.mjs: ${skipped} tests were skipped; tests must run or be deleted`);
  console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  const clean = code === 0 && failed === 0 && skipped === 0 && filesWithOnly.length === 0 && total > 0;
  process.exit(clean ? 0 : 1);
});
