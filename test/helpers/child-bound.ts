// The time a test gives a child process, measured from the child's own progress rather than the wall clock, so that a
// loaded machine slows a child down without failing it while a real hang still ends in a message (docs/testing.md:
// How long a child process may take).
import type { ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

export interface Bound {
  /** CPU seconds the child and its descendants may use together: a loop that never ends spends them at any load. */
  cpuSeconds: number;
  /** Seconds the child may go without progress (output, or CPU used): a child waiting forever spends no CPU. */
  idleSeconds: number;
  /** Seconds on the wall clock, whatever the child does: the last resort, for a child that keeps itself barely busy. */
  wallSeconds: number;
}

export const DEFAULT_BOUND: Bound = { cpuSeconds: 20, idleSeconds: 20, wallSeconds: 300 };

/** `SNAPI_TEST_TIME_SCALE` (a positive number, default 1) multiplies every bound: for a machine slower than any load
 *  explains (an emulated architecture), never needed for a loaded one. */
export function timeScale(environment: NodeJS.ProcessEnv = process.env): number {
  const scale = Number(environment.SNAPI_TEST_TIME_SCALE ?? '1');
  if (!Number.isFinite(scale) || scale <= 0)
    throw new Error(`SNAPI_TEST_TIME_SCALE must be a positive number, not "${environment.SNAPI_TEST_TIME_SCALE}"`);
  return scale;
}

const POLL_MS = 1000;
/** Linux's USER_HZ: /proc reports CPU time in these ticks on every architecture Node supports. */
const TICKS_PER_SECOND = 100;
/** Progress: at least this much CPU (in ticks) over the last PROGRESS_POLLS polls. An idle server's timers stay
 *  below it; a child that wants the CPU gets far more even on a machine loaded a hundredfold. */
const PROGRESS_TICKS = 3;
const PROGRESS_POLLS = 5;

interface ProcessStat {
  parent: number;
  /** User and system time of the process and of the children it has waited for. */
  ticks: number;
}

/** `/proc/<pid>/stat`: the fields after the command name, which may itself hold spaces and parentheses. */
function readStat(pid: number): ProcessStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const tick = (position: number) => Number(fields[position]);
    return { parent: tick(1), ticks: tick(11) + tick(12) + tick(13) + tick(14) };
  } catch {
    return undefined;
  }
}

/** CPU ticks of `root` and every process below it; undefined where /proc cannot tell (not Linux, or `root` gone). */
export function treeTicks(root: number): number | undefined {
  const own = readStat(root);
  if (own === undefined) return undefined;
  const below = new Map<number, number[]>();
  const stats = new Map<number, ProcessStat>([[root, own]]);
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === root) continue;
    const stat = readStat(pid);
    if (stat === undefined) continue;
    stats.set(pid, stat);
    below.set(stat.parent, [...(below.get(stat.parent) ?? []), pid]);
  }
  let ticks = 0;
  const pending = [root];
  for (let pid = pending.pop(); pid !== undefined; pid = pending.pop()) {
    ticks += stats.get(pid)?.ticks ?? 0;
    pending.push(...(below.get(pid) ?? []));
  }
  return ticks;
}

export interface BoundWatch {
  /** Why the child was killed, once it was. */
  readonly expired: string | undefined;
  /** Counts as progress: call it for each piece of output the child writes. */
  progressed(): void;
  /** Ends the watch (the child ended, or the test stops waiting on it). */
  stop(): void;
}

export interface WatchOptions {
  /** Hears why, once the bound is exceeded. */
  onExpired?: (reason: string) => void;
  /** Kill the child (SIGKILL, its descendants too) once the bound is exceeded; default true. False: the caller
   *  stops waiting and ends the child its own way (a test that checks how the child stops). */
  kill?: boolean;
}

/** Watches `child` until it exceeds `bound`, each part multiplied by timeScale(). Where /proc cannot be read, only the
 *  sum of the bounds on the wall clock applies. */
export function watchChild(child: ChildProcess, bound: Partial<Bound> = {}, options: WatchOptions = {}): BoundWatch {
  const scale = timeScale();
  const { cpuSeconds, idleSeconds, wallSeconds } = { ...DEFAULT_BOUND, ...bound };
  const limits = { cpu: cpuSeconds * scale, idle: idleSeconds * scale, wall: wallSeconds * scale };
  const started = Date.now();
  let lastProgress = started;
  let expired: string | undefined;
  const recent: number[] = [];
  let lastTicks: number | undefined;
  const expire = (reason: string) => {
    expired = reason;
    clearInterval(timer);
    if (options.kill !== false) {
      if (child.pid !== undefined) killTree(child.pid);
      child.kill('SIGKILL');
    }
    options.onExpired?.(reason);
  };
  const timer = setInterval(() => {
    const now = Date.now();
    const seconds = (now - started) / 1000;
    if (seconds > limits.wall) return expire(`ran ${seconds.toFixed(0)} s on the wall clock (bound ${limits.wall} s)`);
    const ticks = child.pid === undefined ? undefined : treeTicks(child.pid);
    if (ticks === undefined) {
      const fallback = limits.cpu + limits.idle;
      if (seconds > fallback) expire(`ran ${seconds.toFixed(0)} s (bound ${fallback} s; no /proc to measure progress)`);
      return;
    }
    if (ticks / TICKS_PER_SECOND > limits.cpu)
      return expire(`used ${limits.cpu} s of CPU without ending (a loop that never ends?)`);
    recent.push(ticks - (lastTicks ?? ticks));
    lastTicks = ticks;
    if (recent.length > PROGRESS_POLLS) recent.shift();
    if (recent.reduce((sum, used) => sum + used, 0) >= PROGRESS_TICKS) lastProgress = now;
    const idle = (now - lastProgress) / 1000;
    if (idle > limits.idle)
      expire(`made no progress for ${idle.toFixed(0)} s: no output, almost no CPU (waiting for what never comes?)`);
  }, POLL_MS);
  timer.unref();
  return {
    get expired() {
      return expired;
    },
    progressed: () => {
      lastProgress = Date.now();
    },
    stop: () => clearInterval(timer),
  };
}

/** Kills `root`'s descendants first, so that a wrapper's children (npm's, `script`'s) do not outlive it. */
function killTree(root: number): void {
  let children: number[] = [];
  try {
    children = readdirSync('/proc')
      .map(Number)
      .filter((pid) => Number.isInteger(pid) && readStat(pid)?.parent === root);
  } catch {
    return;
  }
  for (const pid of children) {
    killTree(pid);
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}
