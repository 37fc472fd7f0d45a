// Statistics for the auth timing benchmark: Welch's t over two samples and the verdict it supports.

/** |t| at or above this: the two timings differ beyond chance (about 95 % two-sided for large samples). */
export const T_THRESHOLD = 2;

export function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

export function variance(values: readonly number[]): number {
  const average = mean(values);
  return values.reduce((sum, value) => sum + (value - average) ** 2, 0) / (values.length - 1);
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Welch's t for two samples with unequal variances. */
export function welchT(left: readonly number[], right: readonly number[]): number {
  return (mean(left) - mean(right)) / Math.sqrt(variance(left) / left.length + variance(right) / right.length);
}

export interface Verdict {
  t: number;
  differs: boolean;
  text: string;
}

/** The verdict follows t: a detectable difference is reported as one, whichever way it points. */
export function timingVerdict(unknownUser: readonly number[], wrongPassword: readonly number[]): Verdict {
  const t = welchT(unknownUser, wrongPassword);
  const differs = !(Math.abs(t) < T_THRESHOLD);
  const faster = t < 0 ? 'unknown users are answered faster' : 'wrong passwords are answered faster';
  const text = differs
    ? `Welch's t = ${t.toFixed(2)}: DETECTABLE DIFFERENCE (|t| >= ${T_THRESHOLD}), ${faster}`
    : `Welch's t = ${t.toFixed(2)}: no detectable difference (|t| < ${T_THRESHOLD})`;
  return { t, differs, text };
}
