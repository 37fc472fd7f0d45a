// Whether golden tests may rewrite their expected files: only on request, and never under CI, where a rewrite would
// compare the output with itself.

/** `process.env` or a table of the two variables read: UPDATE_GOLDEN and CI. */
export type GoldenEnvironment = Readonly<Record<string, string | undefined>>;

export const GOLDEN_UPDATE_REFUSED =
  'UPDATE_GOLDEN=1 is refused because CI is set: expected files are reviewed by hand, a CI run only compares against them';

/** True when the expected files should be rewritten; throws when that is asked for under CI. */
export function shouldUpdateGolden(environment: GoldenEnvironment): boolean {
  if (environment.UPDATE_GOLDEN !== '1') return false;
  if (environment.CI !== undefined && environment.CI !== '') throw new Error(GOLDEN_UPDATE_REFUSED);
  return true;
}
