// What a receiver has had, kept in the state folder: the last snapshot whose event was delivered (or given up on), and
// the event being retried. Written to a temporary file and renamed, so a kill -9 leaves the old state or the new.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ReceiverState {
  /** Snapshot id of the last event done with; absent: nothing yet. */
  delivered?: string;
  /** The snapshot served when the receiver was first configured: its events start there, also after a crash. */
  from?: string;
  /** The event being retried: its snapshot, when its first attempt failed, and how many attempts failed. */
  failing?: { snapshot: string; since: number; attempts: number };
  gaveUp: number;
  lastGaveUp?: string;
}

function fileOf(stateDir: string, receiver: string): string {
  return join(stateDir, 'webhooks', `${receiver}.json`);
}

export function readReceiverState(stateDir: string, receiver: string): ReceiverState {
  try {
    const value = JSON.parse(readFileSync(fileOf(stateDir, receiver), 'utf8')) as ReceiverState;
    return { ...value, gaveUp: typeof value.gaveUp === 'number' ? value.gaveUp : 0 };
  } catch {
    return { gaveUp: 0 };
  }
}

export function writeReceiverState(stateDir: string, receiver: string, state: ReceiverState): void {
  const file = fileOf(stateDir, receiver);
  mkdirSync(join(stateDir, 'webhooks'), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(state));
  renameSync(temporary, file);
}

/** Fails at start, not at the first event, when the state folder cannot be written. */
export function checkStateFolder(stateDir: string): void {
  try {
    mkdirSync(join(stateDir, 'webhooks'), { recursive: true });
    const probe = join(stateDir, 'webhooks', `.probe-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (error) {
    throw new Error(
      `gateway: --state ${stateDir} is not a folder the gateway can write (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
}
