// Runs every *.test.ts with uvu under tsx and closes with the plain "N passed, N failed" line CI reads.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { buildGateway } from '../gateway/cli/build-gateway.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const uvuBin = join(root, 'node_modules', 'uvu', 'bin.js');
const pattern = process.argv[2] ?? '\\.test\\.ts$';
// Tests that start the gateway as a process run the built file, as production does: build it from the current sources.
await buildGateway();
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
  const total = Number(/Total:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const passed = Number(/Passed:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const skipped = Number(/Skipped:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const failed = code === 0 ? total - passed - skipped : Math.max(1, total - passed - skipped);
  console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exit(code === 0 && failed === 0 && total > 0 ? 0 : 1);
});
