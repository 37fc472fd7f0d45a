// The per-page and per-block state shared by the markdown rules through markdown-it's `env`.

import type { Env } from 'markdown-it';

export interface RenderOptions {
  /** Scheme + host + installation sub-path, no trailing slash: `http://localhost/typemill`. */
  baseUrl: string;
  /** settings.langattr, for heading ids. */
  langattr: string;
  /** settings.headlineanchors. */
  headlineAnchors: boolean;
  /** Extra allowed URL schemes from settings.urlschemes (already split and trimmed). */
  urlSchemes: string[];
  /** For the built-in `video` shortcode: does `<site root>/<relativePath>` exist. */
  fileExists: (relativePath: string) => boolean;
}

export interface HeadingEntry {
  level: number;
  id: string;
  /** The heading text as written, not escaped (Typemill puts it into the TOC raw). */
  text: string;
}

/** Page state: headings keyed by id, first occurrence wins, in the order Typemill learns them. */
export interface PageState {
  options: RenderOptions;
  headings: Map<string, HeadingEntry>;
}

export interface BlockState {
  page: PageState;
  /** A line of this block is exactly `[TOC]`. */
  tocRequested: boolean;
  /** This block defines a footnote, so Typemill appends the (empty) footnotes list. */
  hasFootnoteDefinition: boolean;
}

const BLOCK_STATE_KEY = 'typemillBlock';

export function createEnv(blockState: BlockState): Env {
  return { [BLOCK_STATE_KEY]: blockState };
}

export function blockStateOf(env: Env | undefined): BlockState {
  const blockState = env?.[BLOCK_STATE_KEY];
  if (blockState === undefined) throw new Error('markdown render: env has no block state');
  return blockState as BlockState;
}

export function registerHeading(page: PageState, heading: HeadingEntry): void {
  if (!page.headings.has(heading.id)) page.headings.set(heading.id, heading);
}
