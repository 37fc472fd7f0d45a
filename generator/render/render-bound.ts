// The bound on one page's render: a page that renders longer stops the build with its file's name instead of stalling
// it (docs/decisions.md: A page that renders longer than a bound fails the build).
import { Script, createContext } from 'node:vm';
import type { ContentJob } from './content-bodies.ts';

export const DEFAULT_RENDER_TIMEOUT_SECONDS = 10;

export class RenderTimeout extends Error {
  /** `file`: the page's content file, relative to the site (`content/01-guides/02-setup.md`). */
  constructor(
    readonly file: string,
    readonly seconds: number,
  ) {
    super(`rendering stopped after ${seconds} s`);
  }
}

/** The file a page's render reads first: its .md, or its .txt draft when it has no .md. */
export function contentFileOf(job: ContentJob): string {
  return `content${job.page}.${job.markdown === undefined && job.onDisk?.markdown === undefined ? 'txt' : 'md'}`;
}

// A synchronous render on this thread cannot be interrupted by a timer; V8's watchdog for vm scripts stops any code
// the script calls, this thread's functions included.
const context = createContext({ render: undefined as (() => unknown) | undefined });
const RUN = new Script('render()');

/** Renders `job` on this thread, stopped after `seconds`. */
export function renderWithin<T>(job: ContentJob, seconds: number, render: () => T): T {
  context.render = render;
  try {
    return RUN.runInContext(context, { timeout: Math.max(1, Math.round(seconds * 1000)) }) as T;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT')
      throw new RenderTimeout(contentFileOf(job), seconds);
    throw error;
  } finally {
    context.render = undefined;
  }
}
