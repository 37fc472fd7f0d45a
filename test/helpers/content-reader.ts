// The search step's reader over bodies built in memory: what tests compare the build's reader over staging files with.
import type { ReadContentBody } from '../../generator/search/search-step.ts';
import type { BuiltResponse } from '../../generator/types.ts';

export function contentReader(responses: readonly BuiltResponse[]): ReadContentBody {
  const bodies = new Map(
    responses
      .filter((response) => response.key.startsWith('content:'))
      .map((response) => [response.key, response.body]),
  );
  return async (key) => bodies.get(key);
}
