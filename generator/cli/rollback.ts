// `snapi rollback`: serves the snapshot kept before the current one again, as a new snapshot and history entry.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DIST_LAYOUT } from '../../contract/snapshot.ts';
import { CommandFailure, parseCommandLine, runCommand, UsageError } from '../../terminal/command-line.ts';
import { rollbackSnapshot } from '../write/rollback.ts';
import { HISTORY_OPTIONS, HISTORY_USAGE, parseHistoryPolicy } from './history-options.ts';

const ROLLBACK = {
  name: 'rollback',
  usage: `usage: snapi rollback [--dist DIR] [--to ID] [--keep-history N] [--keep-history-hours H] [--json]

Serves an earlier kept snapshot's answers again. The rollback is a new snapshot: the change feed and the webhooks name
what it changed, and a gateway serving --dist switches to it like to any build.
  --dist DIR        the snapshot folder (default ./dist)
  --to ID           the snapshot to return to (default: the one kept beside the current one)
${HISTORY_USAGE}
  --json            print the outcome as one JSON object

example: snapi rollback --dist ./dist`,
  options: {
    dist: { type: 'string', default: './dist' },
    to: { type: 'string' },
    json: { type: 'boolean', default: false },
    ...HISTORY_OPTIONS,
  },
} as const;

async function main(): Promise<number> {
  const options = parseCommandLine(ROLLBACK, process.argv.slice(2));
  const dist = String(options.dist);
  const policy = parseHistoryPolicy(options);
  if (!existsSync(join(dist, DIST_LAYOUT.currentLink)))
    throw new UsageError(`--dist ${dist} holds no published snapshot (no ${DIST_LAYOUT.currentLink})`);
  const to = typeof options.to === 'string' ? options.to : undefined;
  const done = await rollbackSnapshot(dist, { to, now: new Date(), policy });
  console.log(
    options.json
      ? JSON.stringify({ snapshot: done.id, from: done.from, to: done.to, changedKeys: done.changedKeys })
      : `snapi rollback: published ${done.id} serving the answers of ${done.to} (rolled back from ${done.from}, ${done.changedKeys} keys changed)`,
  );
  return 0;
}

runCommand(ROLLBACK, async () => {
  try {
    return await main();
  } catch (error) {
    if (error instanceof UsageError || error instanceof CommandFailure) throw error;
    throw new CommandFailure(
      `${error instanceof Error ? error.message : String(error)}; the current snapshot is unchanged.`,
    );
  }
});
