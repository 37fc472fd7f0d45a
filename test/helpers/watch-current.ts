// Worker: polls dist/current in a tight synchronous loop until told to stop; reports polls and every moment it was
// missing or incomplete.
import { readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { DIST_LAYOUT } from '../../contract/snapshot.ts';
import { missingFrom } from './snapshot-complete.ts';

const { distDir, stop } = workerData as { distDir: string; stop: Int32Array };
const current = join(distDir, DIST_LAYOUT.currentLink);
const readLink = (): string | undefined => {
  try {
    return readlinkSync(current);
  } catch {
    return undefined;
  }
};

parentPort?.postMessage({ ready: true });
const problems: string[] = [];
let polls = 0;
while (Atomics.load(stop, 0) === 0 && problems.length < 20) {
  polls++;
  const target = readLink();
  if (target === undefined) {
    problems.push('current is missing');
    continue;
  }
  const missing = missingFrom(distDir, target);
  // A snapshot two publishes old is pruned while it is being checked; that is no fault if current has moved on.
  if (missing.length > 0 && readLink() === target) problems.push(`${target} lacks ${missing.slice(0, 3).join(', ')}`);
}
parentPort?.postMessage({ polls, problems });
