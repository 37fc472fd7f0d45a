// A page text the plan does not hold: where to read it again and the hash it had when planned
// (docs/decisions.md: Render workers read each page's file).

/** How the renderer's input is made from the file: a whole `.md`, one without its front matter, the blocks of a `.md` whose front
 *  matter makes it a draft, or a `.txt` draft's JSON blocks. */
export type PageFileForm = 'md' | 'md-body' | 'md-draft' | 'txt';

export interface PageFileText {
  /** Site-relative path, as problems name it: `content/01-guides/02-setup.md`. */
  path: string;
  /** Absolute path, read when the page renders. */
  location: string;
  form: PageFileForm;
  /** markdownHash or blocksHash (render/page-text-hash.ts) of the text made from the file when planned. */
  hash: string;
}

/** What a page's render reads from disk, in place of the texts a job otherwise carries. */
export interface PageFiles {
  markdown?: PageFileText;
  draft?: PageFileText;
}
