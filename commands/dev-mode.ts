// Live authoring: build once, serve, and rebuild on every change under content/, settings/, plugins/, themes/ and
// media/, with `watch`'s builder and watcher (generator/watch/watch-site.ts), one line per build.
import { startGateway } from '../gateway/http/server.ts';
import type { Gateway } from '../gateway/http/server.ts';
import type { LogWriter } from '../gateway/http/request-log.ts';
import { SITE_FOLDERS } from '../generator/watch/site-watcher.ts';
import { startWatching } from '../generator/watch/watch-site.ts';
import { devLine } from './dev-lines.ts';

export const WATCHED_FOLDERS = SITE_FOLDERS;

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
  /** Set: no platform file watcher, only a comparison of the files' stamps this often (`--poll SECONDS`). */
  pollMs?: number;
}

export interface DevServer {
  gateway: Gateway;
  close(): Promise<void>;
}

export async function startDevServer(options: DevOptions): Promise<DevServer> {
  let gateway: Gateway | undefined;
  const watching = startWatching({
    site: options.site,
    out: options.out,
    baseUrl: options.baseUrl,
    log: (event, details) => {
      const line = devLine(event, details);
      if (line !== undefined) options.report(line);
    },
    // The gateway starts after the first build; every later publish reloads it.
    afterPublish: async () => void (await gateway?.reload()),
    maxLoggedErrors: Number.POSITIVE_INFINITY,
    ...(options.pollMs !== undefined ? { pollMs: options.pollMs } : {}),
  });
  if (!(await watching.first)) {
    await watching.close();
    throw new Error('the first build failed; fix the problems above and start again');
  }
  gateway = await startGateway({
    dist: options.out,
    port: options.port,
    host: options.host,
    ...(options.log ? { log: options.log } : {}),
  });
  const served = gateway;
  return {
    gateway: served,
    close: async () => {
      await watching.close();
      await served.close();
    },
  };
}
