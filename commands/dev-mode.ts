// Live authoring: build once, serve, and rebuild on every change under content/, settings/, plugins/, themes/ and
// media/.
import { resolve } from 'node:path';
import { formatProblem } from '../generator/build-site.ts';
import { residentBuilder } from '../generator/resident/resident-build.ts';
import type { BuildSiteOutcome } from '../generator/build-site.ts';
import { startGateway } from '../gateway/http/server.ts';
import type { Gateway } from '../gateway/http/server.ts';
import type { LogWriter } from '../gateway/http/request-log.ts';
import { serialRunner } from '../generator/watch/serial-runner.ts';
import { SITE_FOLDERS, watchSite } from '../generator/watch/site-watcher.ts';

export const WATCHED_FOLDERS = SITE_FOLDERS;
/** Editors write a file in several steps; one rebuild per burst of events. */
const DEBOUNCE_MS = 80;

export interface DevOptions {
  site: string;
  out: string;
  port: number;
  host: string;
  baseUrl: string;
  /** One line per build: what was published, or every problem. */
  report: (line: string) => void;
  /** The gateway's request log. */
  log?: LogWriter;
}

export interface DevServer {
  gateway: Gateway;
  close(): Promise<void>;
}

function describe(outcome: BuildSiteOutcome, seconds: string): string {
  if (!outcome.ok)
    return `snapi dev: build failed, still serving the previous snapshot:\n${outcome.errors.map((error) => `  ${formatProblem(error)}`).join('\n')}`;
  const { changes, id } = outcome.published;
  const pages = [...changes.urls.added, ...changes.urls.changed, ...changes.urls.removed];
  const shown = pages.length > 5 ? `${pages.slice(0, 5).join(' ')} …` : pages.join(' ');
  return `snapi dev: ${id} in ${seconds} s: ${changes.added.length} added, ${changes.changed.length} changed, ${changes.removed.length} removed${shown ? ` (${shown})` : ''}`;
}

export async function startDevServer(options: DevOptions): Promise<DevServer> {
  const builder = residentBuilder({ site: options.site, out: options.out, baseUrl: options.baseUrl });
  let changed = new Set<string>();
  const build = async (): Promise<BuildSiteOutcome> => {
    const started = performance.now();
    const paths = changed;
    changed = new Set();
    const outcome = await builder.build(paths);
    options.report(describe(outcome, ((performance.now() - started) / 1000).toFixed(2)));
    return outcome;
  };
  const first = await build();
  if (!first.ok) throw new Error('the first build failed; fix the problems above and start again');
  const gateway = await startGateway({
    dist: options.out,
    port: options.port,
    host: options.host,
    ...(options.log ? { log: options.log } : {}),
  });

  // One build at a time; changes during a build ask for exactly one more.
  const runner = serialRunner(() =>
    build()
      .then(async (outcome) => void (outcome.ok && (await gateway.reload())))
      .catch((error: unknown) =>
        options.report(`snapi dev: rebuild failed: ${error instanceof Error ? error.message : String(error)}`),
      ),
  );
  const watcher = watchSite(resolve(options.site), DEBOUNCE_MS, (paths) => {
    for (const path of paths) changed.add(path);
    runner.request();
  });

  return {
    gateway,
    close: async () => {
      watcher.close();
      await runner.idle();
      await gateway.close();
    },
  };
}
