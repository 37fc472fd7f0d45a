// Article content bodies of one page, live and draft
// (docs/typemill.md: Live content comes from the .md, draft content from the .txt; Content responses list blocks with id, markdown and html).
import { memoisedBlockRenderer, type BlockRenderer } from '../render/block-memo.ts';
import { renderBlocks as renderEachBlock, type RenderOptions } from '../markdown/render.ts';
import { splitBlocks } from '../markdown/split-blocks.ts';

export interface PageSources {
  /** Text of `<pathWithoutType>.md`, if the file exists. */
  markdown: string | undefined;
  /** Blocks of `<pathWithoutType>.txt`, if the file exists. */
  draftBlocks: string[] | undefined;
}

export interface PageContent {
  live: Record<string, unknown> | undefined;
  draft: Record<string, unknown> | undefined;
}

function contentBody(
  blocks: readonly string[],
  source: 'md' | 'txt',
  options: RenderOptions,
  renderBlocks: BlockRenderer,
): Record<string, unknown> | undefined {
  // An empty draft array is falsy in Typemill; a .md file of only whitespace is not, and answers `{"content":[]}`.
  if (blocks.length === 0 && source === 'txt') return undefined;
  const html = renderBlocks(blocks, source, options);
  return { content: blocks.map((markdown, id) => ({ id, markdown, html: html[id] ?? '' })) };
}

/** A missing, empty or `0` file has no content (404), like Typemill's falsy check; whitespace alone is content. */
export function pageContent(page: PageSources, options: RenderOptions): PageContent {
  const hasMarkdown = page.markdown !== undefined && page.markdown !== '' && page.markdown !== '0';
  // Live and draft share most blocks: each distinct block text is rendered once per page. Recording what a block
  // reads costs more than it saves when only one body is rendered.
  const renderBlocks = hasMarkdown && page.draftBlocks ? memoisedBlockRenderer() : renderEachBlock;
  const live = hasMarkdown ? contentBody(splitBlocks(page.markdown ?? ''), 'md', options, renderBlocks) : undefined;
  const draft = page.draftBlocks ? contentBody(page.draftBlocks, 'txt', options, renderBlocks) : live;
  return { live, draft };
}
