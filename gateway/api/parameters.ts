// Validates a request's query by its endpoint's parameters in the table (contract/endpoints.ts): in table order, the
// first missing or invalid value answers 400 with Typemill's message; otherwise the typed values the answer reads.
import { MAX_EMAIL_LENGTH } from '../../contract/endpoints.ts';
import type { Parameter } from '../../contract/endpoints.ts';
import { ROLES } from '../../contract/snapshot.ts';
import { listParameter, parseQuery, stringParameter } from '../http/query.ts';
import type { Query } from '../http/query.ts';
import { errorReply, validationReply } from '../reply/reply.ts';
import type { Reply } from '../reply/reply.ts';
import { queryWords } from '../search/query-words.ts';

export type ParameterValue = string | string[] | number | boolean | undefined;
/** By parameter name without `[]`: `values.url`, `values.usernames`. */
export type ParameterValues = Readonly<Record<string, ParameterValue>>;

const DIGITS = /^[0-9]+$/;
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

const fieldOf = (parameter: Parameter) => parameter.name.replace(/\[\]$/, '');

function missingReply(parameter: Parameter): Reply {
  const field = fieldOf(parameter);
  const missing = parameter.missing ?? { message: `${field} is required`, errors: true };
  return missing.errors ? validationReply(field, missing.message) : errorReply(400, missing.message);
}

const invalidReply = (parameter: Parameter) =>
  validationReply(fieldOf(parameter), parameter.invalid ?? `${fieldOf(parameter)} is invalid`);

function isMissing(value: string | undefined, parameter: Parameter): value is undefined {
  if (value === undefined) return true;
  return parameter.missingWhen === 'falsy' ? value === '' || value === '0' : value.trim() === '';
}

/** One parameter's value, or the reply that refuses the request. */
function checkOne(parameter: Parameter, query: Query): { value: ParameterValue } | { reply: Reply } {
  const field = fieldOf(parameter);
  if (parameter.kind === 'flag') {
    const value = stringParameter(query, field);
    return { value: value === 'true' || value === '1' };
  }
  if (parameter.kind === 'list') {
    const values = listParameter(query, field).filter((value) => value.trim() !== '');
    return values.length === 0 && parameter.required ? { reply: missingReply(parameter) } : { value: values };
  }
  if (parameter.kind === 'integer') {
    // Present but not a plain string (`limit[]=1`) is not an integer either.
    const raw = stringParameter(query, field) ?? (query.has(field) ? '' : undefined);
    if (raw === undefined)
      return parameter.required ? { reply: missingReply(parameter) } : { value: parameter.default };
    const number = DIGITS.test(raw) ? Number(raw) : Number.NaN;
    const fits =
      Number.isSafeInteger(number) &&
      number >= (parameter.minimum ?? 0) &&
      number <= (parameter.maximum ?? Number.MAX_SAFE_INTEGER);
    return fits ? { value: number } : { reply: invalidReply(parameter) };
  }
  const value = stringParameter(query, field);
  if (isMissing(value, parameter))
    return parameter.required ? { reply: missingReply(parameter) } : { value: undefined };
  if (parameter.kind === 'role' && !(ROLES as readonly string[]).includes(value))
    return { reply: invalidReply(parameter) };
  if (parameter.kind === 'email' && (value.length > MAX_EMAIL_LENGTH || !EMAIL.test(value)))
    return { reply: invalidReply(parameter) };
  if (parameter.maxLength !== undefined && [...value].length > parameter.maxLength)
    return { reply: invalidReply(parameter) };
  if (parameter.maxWords !== undefined && queryWords(value).length > parameter.maxWords.limit)
    return { reply: validationReply(field, parameter.maxWords.message) };
  return { value };
}

export function checkParameters(
  parameters: readonly Parameter[],
  query: Query,
): { values: ParameterValues } | { reply: Reply } {
  const values: Record<string, ParameterValue> = {};
  for (const parameter of parameters) {
    const checked = checkOne(parameter, query);
    if ('reply' in checked) return checked;
    values[fieldOf(parameter)] = checked.value;
  }
  return { values };
}

/** A query string parsed and checked: shared between the requests that send it, so read only. */
export type CheckedQuery = { query: Query; values: ParameterValues } | { reply: Reply };

/** Query strings longer than this are checked each time; a site's own (`url=%2Fpage`) are far shorter. */
const MEMO_MAX_LENGTH = 512;
/** Entries per endpoint; a flood of distinct query strings only empties the memo. */
const MEMO_LIMIT = 4096;
const memoByParameters = new WeakMap<readonly Parameter[], Map<string, CheckedQuery>>();

/** Only a query that names nothing but the endpoint's parameters is kept, so no stray `password=` stays in memory. */
function namesOnly(parameters: readonly Parameter[], query: Query): boolean {
  for (const name of query.keys()) if (!parameters.some((parameter) => fieldOf(parameter) === name)) return false;
  return true;
}

/** `checkParameters` of a query string, remembered per endpoint: requests repeat the same URLs, and parsing by PHP's
 *  rules and then checking cost more than the rest of the decision for a cached answer. */
export function checkQueryString(parameters: readonly Parameter[], queryString: string): CheckedQuery {
  let memo = memoByParameters.get(parameters);
  if (memo === undefined) {
    memo = new Map();
    memoByParameters.set(parameters, memo);
  }
  const known = memo.get(queryString);
  if (known !== undefined) return known;
  const query = parseQuery(queryString);
  const checked = checkParameters(parameters, query);
  const made: CheckedQuery = 'reply' in checked ? checked : { query, values: Object.freeze(checked.values) };
  if (queryString.length <= MEMO_MAX_LENGTH && namesOnly(parameters, query)) {
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(queryString, made);
  }
  return made;
}
