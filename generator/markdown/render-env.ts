// The render settings of a page, and the headings Typemill collects for [TOC].

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
