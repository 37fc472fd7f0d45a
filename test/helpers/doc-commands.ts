// The command examples of a markdown page, as test/product/docs-commands.test.ts runs them: every line of a shell
// block (```sh, ```bash, ```shell, ```console or unlabelled) with a stage that begins `snapi `, `npx snapi `,
// `npm run ` or `curl `, with the block's variable assignments before it and what its trailing comment expects.
// Markers (docs/testing.md: Command examples run as written): `# not runnable: <why>` skips a line;
// `expect HTTP <status>` and `expect exit <code>` in the comment name an error the example shows on purpose.

export interface DocCommand {
  file: string;
  /** 1-based line of the command's first line in the file. */
  line: number;
  /** The command as written, continuation lines joined, without its trailing comment. */
  command: string;
  /** `NAME=value` lines earlier in the same block, run before the command. */
  assignments: string[];
  /** Why the line is not run, when it is marked so. */
  notRunnable?: string;
  /** HTTP statuses the example shows; absent: every answer must be 2xx or 3xx. */
  expectStatus?: number[];
  /** The exit code the example shows; absent: 0. */
  expectExit?: number;
  /** A server or watcher (serve, dev, watch, mcp, npm start): started, waited for, and stopped later. */
  longRunning: boolean;
  /** A long-running command that listens on a port (serve, dev, npm start). */
  listens: boolean;
}

const SHELL_BLOCK = /^(?:sh|bash|shell|console)?$/;
const PREFIXES = ['snapi ', 'npx snapi ', 'npm run ', 'curl '];
const ASSIGNMENT = /^(?:export\s+)?[A-Za-z_][A-Za-z0-9_]*=\S/;
const LONG_RUNNING = /^(?:(?:npx )?snapi (serve|dev|watch|mcp)|npm (start|run (serve|dev|watch|mcp)))(?:\s|$)/;
const LISTENING = new Set(['serve', 'dev', 'start']);

/** Splits a shell line at its trailing comment: a `#` after whitespace, outside quotes. */
export function splitComment(line: string): { code: string; comment: string } {
  let quote: string | undefined;
  for (let index = 0; index < line.length; index++) {
    const character = line[index]!;
    if (quote !== undefined) {
      if (character === quote) quote = undefined;
      else if (character === '\\' && quote === '"') index++;
    } else if (character === "'" || character === '"') quote = character;
    else if (character === '\\') index++;
    else if (character === '#' && (index === 0 || /\s/.test(line[index - 1]!)))
      return { code: line.slice(0, index).trimEnd(), comment: line.slice(index + 1).trim() };
  }
  return { code: line.trimEnd(), comment: '' };
}

/** The stages of a line (`a | b && c`), each without leading `NAME=value` assignments. */
function stagesOf(code: string): string[] {
  return code
    .split(/\s(?:\|\||\||&&|;)\s/)
    .map((stage) => stage.trim().replace(/^(?:[A-Za-z_][A-Za-z0-9_]*=\S*\s+)+/, ''));
}

export function extractCommands(markdown: string, file: string): DocCommand[] {
  const commands: DocCommand[] = [];
  const lines = markdown.split('\n');
  let fence: string | undefined;
  let runnableBlock = false;
  let assignments: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const fenceMatch = /^\s*(```+|~~~+)\s*([^\s`]*)/.exec(line);
    if (fenceMatch !== null && (fence === undefined || fenceMatch[1] === fence)) {
      if (fence === undefined) {
        fence = fenceMatch[1];
        runnableBlock = SHELL_BLOCK.test(fenceMatch[2]!);
        assignments = [];
      } else fence = undefined;
      continue;
    }
    if (fence === undefined || !runnableBlock) continue;
    const first = index;
    let joined = line.replace(/^\s*\$ /, '');
    while (/\\$/.test(joined) && index + 1 < lines.length)
      joined = `${joined.slice(0, -1).trimEnd()} ${lines[++index]!.trim()}`;
    const { code, comment } = splitComment(joined.trim());
    const stages = stagesOf(code);
    if (!stages.some((stage) => PREFIXES.some((prefix) => stage.startsWith(prefix)))) {
      if (ASSIGNMENT.test(code)) assignments.push(code);
      continue;
    }
    const running = stages.map((stage) => LONG_RUNNING.exec(stage)).find((match) => match !== null);
    const kind = running?.[1] ?? running?.[3] ?? running?.[2];
    const notRunnable = /not runnable:\s*(.+)$/.exec(comment)?.[1];
    const statuses = [...comment.matchAll(/expect HTTP (\d{3})/g)].map((match) => Number(match[1]));
    const exit = /expect exit (\d+)/.exec(comment)?.[1];
    commands.push({
      file,
      line: first + 1,
      command: code,
      assignments: [...assignments],
      ...(notRunnable !== undefined ? { notRunnable: notRunnable.trim() } : {}),
      ...(statuses.length > 0 ? { expectStatus: statuses } : {}),
      ...(exit !== undefined ? { expectExit: Number(exit) } : {}),
      longRunning: kind !== undefined,
      listens: kind !== undefined && LISTENING.has(kind),
    });
  }
  return commands;
}
