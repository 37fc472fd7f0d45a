// npm and npx start a command through `sh -c`: a SIGTERM or SIGINT sent to npm alone ends npm and that shell and
// leaves the command running with no parent, still serving (docs/decisions.md: Stopping the wrapper stops the server).
// Under npm, a command whose parent process is gone stops as if it had been sent the signal itself.

/** How often the parent is looked at: a stop within a quarter second, for a getppid call. */
const CHECK_MS = 250;

/** Started by every command (terminal/command-line.ts: runCommand); does nothing outside npm and npx. */
export function stopWithWrapper(environment: NodeJS.ProcessEnv = process.env): void {
  if (environment.npm_command === undefined) return;
  const parent = process.ppid;
  const guard = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(guard);
    // The command's own SIGTERM handler runs (serve finishes its requests in flight); without one, it ends.
    process.kill(process.pid, 'SIGTERM');
  }, CHECK_MS);
  guard.unref();
}
