// Where a page's front matter block ends: plain text work, without the YAML parser, so a render worker can use it.

/** Lines 0..close of a page that starts with a `---` line and has a later `---` line, else undefined. */
export function frontMatterBlock(text: string): { block: string; body: string } | undefined {
  const lines = text.split('\n');
  if ((lines[0] ?? '').replace(/\r$/, '') !== '---') return undefined;
  const close = lines.findIndex((line, index) => index > 0 && line.replace(/\r$/, '') === '---');
  if (close < 0) return undefined;
  const block =
    lines
      .slice(0, close + 1)
      .map((line) => line.replace(/\r$/, ''))
      .join('\n') + '\n';
  return { block, body: lines.slice(close + 1).join('\n') };
}
