// A page as one markdown text, as an author reads it: its content blocks one blank line apart. `<url>.md`, the
// AI files and the MCP page resources all give this text (docs/ai.md).

/** Blocks one blank line apart, as in the source file (a code block's own trailing newline is not doubled). */
export function joinBlocks(blocks: readonly string[]): string {
  return blocks.map((block) => block.replace(/\n+$/, '')).join('\n\n');
}

/** The markdown of an `article/content` body (`{"content":[{"id","markdown","html"},…]}`). */
export function markdownOfContent(body: string): string {
  const parsed: unknown = JSON.parse(body);
  const content =
    typeof parsed === 'object' && parsed !== null && Array.isArray((parsed as { content?: unknown }).content)
      ? ((parsed as { content: unknown[] }).content as unknown[])
      : [];
  return joinBlocks(
    content.map((block) =>
      typeof block === 'object' && block !== null ? String((block as { markdown?: unknown }).markdown ?? '') : '',
    ),
  );
}
