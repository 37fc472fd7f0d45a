// A one-line upload progress on a terminal, redrawn at most four times a second.
import type { UploadCounts } from './upload-snapshot.ts';

export interface UploadProgress {
  update: (counts: UploadCounts) => void;
  stop: () => void;
}

export function startUploadProgress(stream: NodeJS.WriteStream): UploadProgress {
  if (!stream.isTTY) return { update: () => undefined, stop: () => undefined };
  let lastDrawn = 0;
  let shown = false;
  return {
    update: (counts) => {
      const now = Date.now();
      if (now - lastDrawn < 250) return;
      lastDrawn = now;
      shown = true;
      const done = counts.uploadedObjects + counts.skippedObjects;
      stream.write(
        `\r\x1b[Ksnapi publish: ${done}/${counts.totalObjects} objects, ${counts.uploadedObjects} uploaded (${(counts.uploadedBytes / 1e6).toFixed(1)} MB), ${counts.skippedObjects} already stored`,
      );
    },
    stop: () => {
      if (shown) stream.write('\r\x1b[K');
    },
  };
}
