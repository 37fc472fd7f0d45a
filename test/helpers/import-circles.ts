// Import circles among the sources, type imports included, by the rules of the shared tool import-circles.mjs:
// static `import`/`export … from` and literal `import('…')`, relative specifiers resolved to files.
import { readFileSync, readdirSync } from 'node:fs';
import type { Dirent } from 'node:fs';
import { posix } from 'node:path';

export const CHECKED_FOLDERS = ['generator', 'gateway', 'contract', 'storage', 'client', 'commands', 'terminal'];
const SKIPPED = new Set(['node_modules', 'build', 'dist', 'generated', '.tmp']);
const SOURCE = /\.(?:ts|mts|mjs|js)$/;
const NOT_SOURCE = /\.d\.ts$|\.test\.ts$/;
const STATIC_IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/;
const DYNAMIC_IMPORT = /import\(\s*['"]([^'"]+)['"]\s*\)/;
const SPECIFIER = new RegExp(`${STATIC_IMPORT.source}|${DYNAMIC_IMPORT.source}`, 'gm');

/** The source files below the folders, as paths relative to `root` with `/` separators. */
export function sourceFiles(root: string, folders: readonly string[] = CHECKED_FOLDERS): string[] {
  const files: string[] = [];
  const walk = (directory: string): void => {
    let entries: Dirent[];
    try {
      entries = readdirSync(posix.join(root, directory), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (SKIPPED.has(entry.name)) continue;
      const path = `${directory}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (SOURCE.test(entry.name) && !NOT_SOURCE.test(entry.name)) files.push(path);
    }
  };
  for (const folder of folders) walk(folder);
  return files;
}

function resolveSpecifier(from: string, specifier: string, known: ReadonlySet<string>): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = posix.join(posix.dirname(from), specifier);
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.mjs$/, '.mts'),
    `${base}.ts`,
    `${base}.mjs`,
    `${base}.js`,
    `${base}/index.ts`,
  ];
  return candidates.find((candidate) => known.has(candidate));
}

/** Each file's imports among the files given: texts by path, comments ignored. */
export function importGraph(texts: ReadonlyMap<string, string>): Map<string, Set<string>> {
  const known = new Set(texts.keys());
  const graph = new Map<string, Set<string>>();
  for (const [file, text] of texts) {
    const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    const targets = new Set<string>();
    for (const match of code.matchAll(SPECIFIER)) {
      const target = resolveSpecifier(file, (match[1] ?? match[2])!, known);
      if (target !== undefined && target !== file) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The strongly connected groups of more than one file (Tarjan), each sorted; every one is an import circle. */
export function circlesIn(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let counter = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const circles: string[][] = [];
  const visit = (file: string): void => {
    order.set(file, counter);
    low.set(file, counter);
    counter++;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!order.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, order.get(target)!));
    }
    if (low.get(file) !== order.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1) circles.push(group.sort());
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return circles;
}

/** Every import circle among the repository's sources, one line per circle. */
export function importCircles(root: string): string[] {
  const texts = new Map(sourceFiles(root).map((file) => [file, readFileSync(posix.join(root, file), 'utf8')] as const));
  return circlesIn(importGraph(texts)).map((circle) => `circle of ${circle.length}: ${circle.join(', ')}`);
}
