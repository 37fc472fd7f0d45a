// Test helper: what every answer to a hostile request must be — well-formed, expected status, JSON, no leaked bytes.
import type { Exchange, ParsedResponse } from './raw-http.ts';
import { canariesIn } from './hostile-fixture.ts';

export interface Expectation {
  /** One status per expected response (several for pipelined requests); a list of choices where more than one is right.
   *  */
  statuses: Array<number | readonly number[]>;
  /** Exact body of the first response, when the case pins it. */
  body?: string;
  headOnly?: boolean;
}

const TEXT_TYPES = ['text/plain; charset=utf-8', 'text/markdown; charset=utf-8'];

function hasJsonBody(response: ParsedResponse, headOnly: boolean): string | undefined {
  if (headOnly || response.status === 304) return response.body.length === 0 ? undefined : 'a body where none belongs';
  // The AI files answer text and markdown (docs/ai.md); every error stays JSON.
  if (response.status === 200 && TEXT_TYPES.includes(String(response.headers['content-type']))) return undefined;
  if (response.headers['content-type'] !== 'application/json; charset=utf-8')
    return `Content-Type ${response.headers['content-type']}`;
  try {
    JSON.parse(response.body.toString('utf8'));
    return undefined;
  } catch {
    return `body is not JSON: ${response.body.toString('latin1').slice(0, 120)}`;
  }
}

/** Every problem with an exchange, as sentences; empty when the answer is safe and as expected. */
export function problemsOf(result: Exchange, expectation: Expectation): string[] {
  const problems: string[] = [];
  if (result.timedOut) problems.push('no complete answer before the timeout');
  if (result.malformed) problems.push(`malformed answer: ${result.malformed}`);
  const leaked = canariesIn(result.raw);
  if (leaked.length > 0) problems.push(`leaked ${leaked.join(', ')}`);
  const statuses = result.responses.map((response) => response.status);
  if (statuses.length !== expectation.statuses.length)
    problems.push(`got ${statuses.length} responses (${statuses.join(', ')}), expected ${expectation.statuses.length}`);
  for (const [position, response] of result.responses.entries()) {
    const expected = expectation.statuses[position];
    const allowed = typeof expected === 'number' ? [expected] : (expected ?? []);
    if (!allowed.includes(response.status))
      problems.push(`response ${position + 1}: status ${response.status}, expected ${allowed.join(' or ')}`);
    if (response.status >= 500) problems.push(`response ${position + 1}: server error ${response.status}`);
    const bodyProblem = hasJsonBody(response, expectation.headOnly ?? false);
    if (bodyProblem) problems.push(`response ${position + 1}: ${bodyProblem}`);
  }
  const first = result.responses[0];
  if (expectation.body !== undefined && first && first.body.toString('utf8') !== expectation.body) {
    problems.push(`body ${first.body.toString('utf8').slice(0, 200)}, expected ${expectation.body}`);
  }
  return problems;
}
