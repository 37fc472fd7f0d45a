// A Typemill draft file: a JSON array of block strings.
import { BuildError } from '../types.ts';

/** A draft is a JSON array of block strings, as Typemill stores it. */
export function parseDraft(text: string, file: string): string[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new BuildError(
      {
        file,
        line: 1,
        message: `draft is not valid JSON (${(error as Error).message}); Typemill stores drafts as a JSON array of block strings`,
      },
      { cause: error },
    );
  }
  if (!Array.isArray(value) || !value.every((block) => typeof block === 'string')) {
    throw new BuildError({ file, line: 1, message: 'draft must be a JSON array of block strings' });
  }
  return value;
}
