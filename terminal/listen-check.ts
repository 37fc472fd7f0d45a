// Can a server listen on this host and port? Asked before a command changes anything (start and dev rebuild dist/),
// so a busy port or a mistyped host is one line and not a stack trace after the work is done.
import { createServer } from 'node:net';
import { CommandFailure, UsageError } from './command-line.ts';

/** The listen error as the one line a person can act on; other errors pass through unchanged. */
export function describeListenError(error: unknown, host: string, port: number): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE')
    return new CommandFailure(`port ${port} on ${host} is already in use (stop the other server or pass --port N)`);
  if (code === 'EACCES')
    return new CommandFailure(`port ${port} on ${host} needs privileges this user lacks (use a port above 1023)`);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EADDRNOTAVAIL') {
    return new UsageError(
      `--host "${host}" is not an address of this machine (use 127.0.0.1, 0.0.0.0, :: or a local host name)`,
    );
  }
  return error;
}

/** Resolves when a listener could bind host:port (it is closed again at once); port 0 always can. */
export function ensureCanListen(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error) => reject(describeListenError(error, host, port)));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}
