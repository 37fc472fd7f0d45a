// `dev`'s one line per build, made from `watch`'s event (generator/watch/watch-site.ts): what was published, every
// warning, or every problem.
type Details = Record<string, unknown>;

const MAX_SHOWN_URLS = 5;

function listed(details: Details, field: string): string[] {
  const value = details[field];
  return Array.isArray(value) ? value.map(String) : [];
}

/** The warnings and a rescan's reason, each on a line of its own below the first. */
function notes(details: Details): string {
  const warnings = listed(details, 'warnings').map((warning) => `\n  warning: ${warning}`);
  const rescan = typeof details.rescan === 'string' ? [`\n  rescan: ${details.rescan}`] : [];
  return [...rescan, ...warnings].join('');
}

const LINES: Record<string, (details: Details) => string> = {
  published: (details) => {
    const urls = listed(details, 'urls');
    const shown = urls.length > MAX_SHOWN_URLS ? `${urls.slice(0, MAX_SHOWN_URLS).join(' ')} …` : urls.join(' ');
    const seconds = Number(details.seconds).toFixed(2);
    return `snapi dev: ${details.snapshot} in ${seconds} s: ${details.added} added, ${details.changed} changed, ${details.removed} removed${shown ? ` (${shown})` : ''}${notes(details)}`;
  },
  'build-failed': (details) =>
    `snapi dev: build failed, still serving the previous snapshot:${listed(details, 'errors')
      .map((error) => `\n  ${error}`)
      .join('')}${notes(details)}`,
  'inputs-changed': (details) =>
    `snapi dev: ${listed(details, 'files').join(', ')} changed while the build read them; building again once they are quiet`,
  'build-error': (details) => `snapi dev: rebuild failed: ${details.reason}`,
  rescanned: (details) => `snapi dev: rescan: ${details.rescan} (${details.note})`,
};

/** The line for a watch event; undefined for events `dev` does not show. */
export function devLine(event: string, details: Details): string | undefined {
  return LINES[event]?.(details);
}
