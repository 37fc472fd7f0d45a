// settings/snapi-tokens.yaml, the API tokens `snapi token` keeps: only SHA-256 hashes, roles, expiry and times, never a
// token (docs/decisions.md: API tokens are hashes with a role and an expiry). Text in, entries or problems out.
import { LineCounter, parseDocument, isMap, isSeq, stringify } from 'yaml';
import { ROLES } from '../../contract/snapshot.ts';
import type { SnapshotToken } from '../../contract/api-token.ts';
import type { BuildProblem, SiteSource } from '../types.ts';
import type { ParsedSources } from './parse-sources.ts';

export const TOKEN_FILE = 'settings/snapi-tokens.yaml';

export interface TokenFileEntry {
  name: string;
  role: string;
  sha256: string;
  created: string;
  rotated: string;
  expires: string;
  /** After `rotate`: the replaced token's hash, accepted until `expires` (the overlap). */
  previous?: { sha256: string; expires: string };
}

const NAME = /^[A-Za-z0-9._-]{1,64}$/;
const SHA256_HEX = /^[0-9a-f]{64}$/;
const API_ROLES = ROLES.filter((role) => role !== 'guest') as readonly string[];

export function tokenNameProblem(name: string): string | undefined {
  return NAME.test(name) ? undefined : `token name "${name}" must be 1-64 letters, digits, dots, dashes or underscores`;
}

export function tokenRoleProblem(role: string): string | undefined {
  return API_ROLES.includes(role) ? undefined : `role "${role}" must be one of ${API_ROLES.join(', ')}`;
}

const isDate = (value: unknown): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value));

/** The problem with one entry's fields, or undefined. */
function entryProblem(fields: Record<string, unknown>): string | undefined {
  const { name, role, sha256, expires, created, rotated, previous } = fields;
  if (typeof name !== 'string') return 'name: expected a string';
  const nameProblem = tokenNameProblem(name);
  if (nameProblem !== undefined) return nameProblem;
  if (typeof role !== 'string') return 'role: expected a string';
  const roleProblem = tokenRoleProblem(role);
  if (roleProblem !== undefined) return roleProblem;
  if (typeof sha256 !== 'string' || !SHA256_HEX.test(sha256)) return 'sha256: expected 64 lowercase hex digits';
  for (const [key, value] of Object.entries({ expires, created, rotated }))
    if (!isDate(value)) return `${key}: expected an ISO date-time`;
  if (previous === undefined) return undefined;
  const old = previous as Record<string, unknown> | null;
  if (typeof old !== 'object' || old === null) return 'previous: expected a mapping';
  if (typeof old.sha256 !== 'string' || !SHA256_HEX.test(old.sha256))
    return 'previous.sha256: expected 64 lowercase hex digits';
  if (!isDate(old.expires)) return 'previous.expires: expected an ISO date-time';
  return undefined;
}

/** The file's entries, or the problems with their lines; an empty or absent list is no tokens. */
export function readTokenFile(text: string): { entries: TokenFileEntry[]; problems: BuildProblem[] } {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter });
  const lineAt = (offset: number | undefined) => (offset === undefined ? 1 : lineCounter.linePos(offset).line);
  const problem = (offset: number | undefined, message: string) => ({
    entries: [],
    problems: [{ file: TOKEN_FILE, line: lineAt(offset), message }],
  });
  const syntax = document.errors[0];
  if (syntax !== undefined) return problem(syntax.pos[0], `YAML: ${syntax.message.split('\n')[0]}`);
  if (document.contents === null) return { entries: [], problems: [] };
  if (!isMap(document.contents)) return problem(document.contents.range?.[0], 'expected a mapping with "tokens:"');
  const list = document.contents.get('tokens', true);
  if (list === undefined || list === null) return { entries: [], problems: [] };
  if (!isSeq(list)) return problem((list as { range?: number[] }).range?.[0], 'tokens: expected a list');
  const entries: TokenFileEntry[] = [];
  const names = new Set<string>();
  for (const item of list.items) {
    const offset = (item as { range?: number[] }).range?.[0];
    const fields = (isMap(item) ? item.toJSON() : undefined) as Record<string, unknown> | undefined;
    if (fields === undefined) return problem(offset, 'a token: expected a mapping');
    const message = entryProblem(fields);
    if (message !== undefined) return problem(offset, message);
    const entry = fields as unknown as TokenFileEntry;
    if (names.has(entry.name)) return problem(offset, `token name "${entry.name}" appears twice`);
    names.add(entry.name);
    entries.push(entry);
  }
  return { entries, problems: [] };
}

const HEADER =
  '# snapi API tokens (snapi token add|list|revoke|rotate): SHA-256 hashes only. Typemill ignores this file.\n';

export function writeTokenFile(entries: readonly TokenFileEntry[]): string {
  return HEADER + stringify({ tokens: entries }, { defaultStringType: 'QUOTE_SINGLE', defaultKeyType: 'PLAIN' });
}

/** What the snapshot carries: each hash the gateway accepts, with its name, role and end. */
export function snapshotTokensOf(entries: readonly TokenFileEntry[]): SnapshotToken[] {
  return entries.flatMap(({ name, role, sha256, expires, previous }) => [
    { name, role, sha256, expires },
    ...(previous === undefined ? [] : [{ name, role, sha256: previous.sha256, expires: previous.expires }]),
  ]);
}

/** The site's token file as the build reads it; a YAML syntax error is already the parse step's problem. */
export function tokenFileOf(
  source: SiteSource,
  sources: ParsedSources,
): { entries: TokenFileEntry[]; problems: BuildProblem[] } {
  const text = source.files.get(TOKEN_FILE)?.text;
  if (text === undefined || !sources.yaml.has(TOKEN_FILE)) return { entries: [], problems: [] };
  return readTokenFile(text);
}
