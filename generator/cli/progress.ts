// A one-line progress indicator on a terminal, shown only when a build takes more than a second.

export interface Progress {
  stage: (name: string) => void;
  stop: () => void;
}

export function startProgress(stream: NodeJS.WriteStream, delayMs = 1000): Progress {
  if (!stream.isTTY) return { stage: () => undefined, stop: () => undefined };
  const started = Date.now();
  let current = '';
  let shown = false;
  const draw = (): void => {
    shown = true;
    stream.write(`\r\x1b[Ksnapi build: ${current} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  };
  const timer = setInterval(() => {
    if (Date.now() - started >= delayMs) draw();
  }, 250);
  timer.unref();
  return {
    stage: (name) => {
      current = name;
      if (shown) draw();
    },
    stop: () => {
      clearInterval(timer);
      if (shown) stream.write('\r\x1b[K');
    },
  };
}
