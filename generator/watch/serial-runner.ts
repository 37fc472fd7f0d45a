// Runs one job at a time: a request while a job runs asks for exactly one more run after it, however many arrive.

export interface SerialRunner {
  request(): void;
  /** Resolves when nothing runs and nothing is pending. */
  idle(): Promise<void>;
}

export function serialRunner(job: () => Promise<void>): SerialRunner {
  let running: Promise<void> | undefined;
  let pending = false;
  const start = (): void => {
    running = job().finally(() => {
      running = undefined;
      if (pending) {
        pending = false;
        start();
      }
    });
  };
  return {
    request: () => {
      if (running) pending = true;
      else start();
    },
    idle: async () => {
      while (running) await running.catch(() => undefined);
    },
  };
}
