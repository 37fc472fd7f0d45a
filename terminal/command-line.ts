// Every command's one convention for bad usage and failures (docs/decisions.md: One line per command error): a single
// line `snapi <command>: <what is wrong> (<how to fix>)`, exit 2 for usage errors and 1 for failures, usage on --help.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { stopWithWrapper } from './wrapper-guard.ts';

export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/** A problem with how the command was called: a bad or missing option, or an option naming nothing usable. */
export class UsageError extends Error {}

/** A problem found while running: bad site content, a busy port, an unreachable store. */
export class CommandFailure extends Error {}

export interface CommandSpec {
  /** The subcommand's name as printed: `build`, `serve`, … */
  name: string;
  /** The usage text printed on --help, first line `usage: …`. */
  usage: string;
  options: NonNullable<ParseArgsConfig['options']>;
  /** How many plain arguments the command takes (`snapi user add NAME`); none by default. */
  positionals?: number;
}

type OptionValues = Record<string, string | boolean | undefined>;

/** What node's parseArgs says, as one short sentence without its advice about positional arguments. */
function describeParseError(error: Error & { code?: string }): string {
  const option = /'(-[^']*)'/.exec(error.message)?.[1];
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${option ?? error.message}`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return `option ${(option ?? '').split(/[ ,]/)[0] || error.message} needs a value`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument "${/'([^']*)'/.exec(error.message)?.[1] ?? error.message}"`;
    default:
      return error.message;
  }
}

export function helpHint(spec: Pick<CommandSpec, 'name'>): string {
  return `run snapi ${spec.name} --help for usage`;
}

/**
 * Parses argv by the command's options; `--help` prints the usage and exits 0. Unknown options, missing values and
 * stray arguments throw a UsageError with a sentence a person can act on.
 */
export function parseCommandLine(
  spec: CommandSpec,
  argv: string[],
  print: (text: string) => void = (text) => console.log(text),
): OptionValues {
  return parseCommandArguments(spec, argv, print).values;
}

/** As parseCommandLine, with the plain arguments of a command that takes some. */
export function parseCommandArguments(
  spec: CommandSpec,
  argv: string[],
  print: (text: string) => void = (text) => console.log(text),
): { values: OptionValues; positionals: string[] } {
  if (argv.includes('--help') || argv.includes('-h')) {
    print(spec.usage);
    process.exit(0);
  }
  let parsed: { values: OptionValues; positionals: string[] };
  try {
    parsed = parseArgs({
      args: argv,
      options: spec.options,
      strict: true,
      allowPositionals: (spec.positionals ?? 0) > 0,
    }) as typeof parsed;
  } catch (error) {
    throw new UsageError(describeParseError(error as Error & { code?: string }));
  }
  const extra = parsed.positionals[spec.positionals ?? 0];
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
  return parsed;
}

export function formatCommandError(
  spec: Pick<CommandSpec, 'name'>,
  error: unknown,
): { line: string; exitCode: number } {
  const message = error instanceof Error ? error.message : String(error);
  // A message that already says how to fix it, in parentheses, is not given a second pair.
  if (error instanceof UsageError)
    return {
      line: `snapi ${spec.name}: ${message}${message.endsWith(')') ? '' : ` (${helpHint(spec)})`}`,
      exitCode: EXIT_USAGE,
    };
  return { line: `snapi ${spec.name}: ${message}`, exitCode: EXIT_FAILURE };
}

/** Runs a command's main; any error becomes the one line and its exit code, never a stack trace. */
export function runCommand(spec: Pick<CommandSpec, 'name'>, main: () => Promise<unknown>): void {
  stopWithWrapper();
  main().then(
    (code) => {
      if (typeof code === 'number') process.exitCode = code;
    },
    (error: unknown) => {
      const { line, exitCode } = formatCommandError(spec, error);
      console.error(line);
      process.exit(exitCode);
    },
  );
}

/** `--port`: a whole number 0–65535 (0 asks the system for a free port). */
export function parsePort(value: string, option = '--port'): number {
  const port = Number(value);
  if (!/^[0-9]{1,5}$/.test(value) || port > 65_535)
    throw new UsageError(`${option} "${value}" is not a port number (0-65535)`);
  return port;
}

/** `--base-url`: an absolute http or https URL, optionally with a sub-path. */
export function parseBaseUrl(value: string, option = '--base-url'): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${option} "${value}" is not an absolute URL (for example https://docs.example.org/handbook)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`${option} "${value}" must start with http:// or https://`);
  return value;
}

/** A positive number of seconds, fractions allowed. */
export function parseSeconds(value: string, option: string): number {
  const seconds = Number(value);
  if (!/^[0-9]+(\.[0-9]+)?$/.test(value) || seconds <= 0)
    throw new UsageError(`${option} "${value}" is not a positive number of seconds`);
  return seconds;
}
