// YAML as Symfony Yaml 5.4 (no flags) reads it: unquoted dates become Unix seconds, 0123 is octal, yes/no stay strings
// (docs/typemill.md: YAML is read as Symfony Yaml 5.4 reads it).
import { parse, YAMLParseError, type ScalarTag } from 'yaml';
import { PhpFloat } from '../php/php-json.ts';
import { BuildError } from '../types.ts';

const TIMESTAMP =
  /^(\d{4})-(\d\d?)-(\d\d?)(?:(?:[Tt]|[ \t]+)(\d\d?):(\d\d):(\d\d)(?:\.\d*)?(?:[ \t]*(Z|([-+])(\d\d?)(?::(\d\d))?))?)?$/;

function toEpochSeconds(text: string): number {
  const match = TIMESTAMP.exec(text);
  if (!match) return 0;
  const [, year, month, day, hour = '0', minute = '0', second = '0', , sign, offsetHour = '0', offsetMinute = '0'] =
    match;
  const utc =
    Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)) / 1000;
  const offset = (Number(offsetHour) * 60 + Number(offsetMinute)) * 60;
  return sign === '+' ? utc - offset : sign === '-' ? utc + offset : utc;
}

function scalar(tag: string, test: RegExp, resolve: (text: string) => unknown): ScalarTag {
  return { tag, test, resolve, default: true } as ScalarTag;
}

const SYMFONY_SCALARS: ScalarTag[] = [
  scalar('tag:yaml.org,2002:null', /^(?:~|null|Null|NULL)?$/, () => null),
  scalar('tag:yaml.org,2002:bool', /^(?:true|false)$/i, (text) => text.toLowerCase() === 'true'),
  scalar('tag:yaml.org,2002:int', /^0x[0-9a-fA-F]+$/, (text) => parseInt(text.slice(2), 16)),
  scalar('tag:yaml.org,2002:int', /^-?0[0-7]+$/, (text) => parseInt(text, 8)),
  scalar('tag:yaml.org,2002:int', /^-?[0-9]+$/, (text) => Number(text)),
  scalar(
    'tag:yaml.org,2002:float',
    /^[-+]?(?:\.inf|\.Inf|\.INF)$/,
    (text) => new PhpFloat(text.startsWith('-') ? -Infinity : Infinity),
  ),
  scalar(
    'tag:yaml.org,2002:float',
    /^[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?$/,
    (text) => new PhpFloat(Number(text)),
  ),
  scalar('tag:yaml.org,2002:timestamp', TIMESTAMP, toEpochSeconds),
];

/** An unquoted YAML date kept as written, for front matter, where `date: 2024-05-17` means a day, not a second. */
export class YamlTimestamp {
  constructor(
    readonly text: string,
    readonly epochSeconds: number,
  ) {}
}

const FRONT_MATTER_SCALARS: ScalarTag[] = [
  ...SYMFONY_SCALARS.filter((tag) => tag.tag !== 'tag:yaml.org,2002:timestamp'),
  scalar('tag:yaml.org,2002:timestamp', TIMESTAMP, (text) => new YamlTimestamp(text, toEpochSeconds(text))),
];

export interface YamlOptions {
  /** `keep`: unquoted dates become YamlTimestamp instead of Unix seconds. */
  timestamps?: 'epoch' | 'keep';
  /** Lines before the YAML text in its file (front matter starts on line 2). */
  lineOffset?: number;
}

/** Parses YAML text; a syntax error becomes a BuildError naming the file and line. */
export function parseYaml(text: string, file: string, options: YamlOptions = {}): unknown {
  const customTags = options.timestamps === 'keep' ? FRONT_MATTER_SCALARS : SYMFONY_SCALARS;
  try {
    return parse(text, { schema: 'failsafe', customTags, uniqueKeys: false, strict: false });
  } catch (error) {
    if (error instanceof YAMLParseError) {
      const line =
        error.linePos?.[0]?.line === undefined ? undefined : error.linePos[0].line + (options.lineOffset ?? 0);
      const message = (error.message.split('\n')[0] ?? 'invalid YAML').replace(/ at line \d+, column \d+:?$/, '');
      throw new BuildError({ file, ...(line ? { line } : {}), message: `YAML: ${message}` }, { cause: error });
    }
    throw new BuildError({ file, message: `YAML: ${String(error)}` }, { cause: error });
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof PhpFloat) &&
    !(value instanceof YamlTimestamp)
  );
}
