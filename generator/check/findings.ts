// What the site checker reports: a severity, a place (`path:line`) and a message, printed one per line.

export type Severity = 'error' | 'warning' | 'info';

export interface Finding {
  severity: Severity;
  file: string;
  line: number;
  message: string;
}

const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** `content/a.md:3: warning: link "/x" points to no page or file` */
export function formatFinding(finding: Finding): string {
  return `${finding.file}:${finding.line}: ${finding.severity}: ${finding.message}`;
}

/** By file, then line, then severity, then message: stable output for CI logs and diffs. */
export function sortFindings(findings: readonly Finding[]): Finding[] {
  return [...findings].sort((left, right) =>
    left.file < right.file
      ? -1
      : left.file > right.file
        ? 1
        : left.line - right.line ||
          SEVERITY_ORDER[left.severity] - SEVERITY_ORDER[right.severity] ||
          (left.message < right.message ? -1 : left.message > right.message ? 1 : 0),
  );
}

export function countBySeverity(findings: readonly Finding[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const finding of findings) counts[finding.severity]++;
  return counts;
}
