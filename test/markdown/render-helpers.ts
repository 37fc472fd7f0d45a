// Shared options for the markdown render tests: the base URL and langattr the golden strings were made with, a fake
// site with two media files.

import { renderBlocks, type RenderOptions } from '../../generator/markdown/render.ts';

export const EXISTING_FILES = new Set(['media/files/intro.mp4', 'media/files/intro.mkv', 'media/live/poster.png']);

export const OPTIONS: RenderOptions = {
  baseUrl: 'http://localhost/typemill',
  langattr: 'en',
  headlineAnchors: false,
  urlSchemes: [],
  fileExists: (relativePath) => EXISTING_FILES.has(relativePath),
};

/** Renders one block of a page split from its .md file. */
export function renderOne(block: string, options: Partial<RenderOptions> = {}): string {
  return renderBlocks([block], 'md', { ...OPTIONS, ...options })[0] ?? '';
}
