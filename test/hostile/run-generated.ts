// Runs generated hostile cases against a hostile fixture a few at a time and lists every case that went wrong.
import { mapConcurrently } from '../../generator/write/concurrency.ts';
import { exchange } from './raw-http.ts';
import { problemsOf } from './safe-answer.ts';
import type { GeneratedCase } from './request-generator.ts';

const CONCURRENCY = 8;

function bodyProblem(testCase: GeneratedCase, status: number | undefined, body: string): string | undefined {
  if (!testCase.bodyOneOf || status !== 200) return undefined;
  const { bodies, prefixes } = testCase.bodyOneOf;
  return bodies.has(body) || prefixes.some((prefix) => body.startsWith(prefix))
    ? undefined
    : `200 with a body that is no published response: ${body.slice(0, 120)}`;
}

/** One line per failed case: its number, family, request and problems. */
export async function runGenerated(port: number, cases: readonly GeneratedCase[]): Promise<string[]> {
  const results = await mapConcurrently(cases, CONCURRENCY, async (testCase, number) => {
    const result = await exchange(port, testCase.send, { timeoutMs: 5000, headOnly: testCase.headOnly ?? false });
    const first = result.responses[0];
    const extra = bodyProblem(testCase, first?.status, first?.body.toString('utf8') ?? '');
    const problems = [...problemsOf(result, testCase), ...(extra ? [extra] : [])];
    return problems.length > 0
      ? `#${number} ${testCase.family} ${JSON.stringify(testCase.send.toString('latin1').slice(0, 160))}: ${problems.join('; ')}`
      : undefined;
  });
  return results.filter((failure): failure is string => failure !== undefined);
}
