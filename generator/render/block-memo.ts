// Renders a page's bodies like markdown/render.ts's renderBlocks, but each distinct block text once per page: a
// block's HTML is replayed only where every piece of page state it read is the same (docs/performance.md: Block memo).
import { renderText } from '../markdown/parsedown/markup.ts';
import { createParser } from '../markdown/parsedown/parser.ts';
import type { HeadingEntry, RenderOptions } from '../markdown/render-env.ts';
import { registerFirstLineHeadings } from '../markdown/render.ts';

/** A block asked whether a heading id was known (`had`), or registered a heading. */
type HeadingEvent = { id: string; had: boolean } | { id: string; entry: HeadingEntry };

/** One rendering of a block text and the page state it read and wrote. */
interface Rendering {
  html: string;
  headingEvents: HeadingEvent[];
  /** The page's footnote count before the block; only compared when the block numbered footnotes. */
  footnotesBefore: number;
  footnotesNumbered: number;
  probes: Array<readonly [path: string, exists: boolean]>;
}

/** Live and draft differ in the headings known before a block, so a text may need a second rendering. */
const RENDERINGS_PER_TEXT = 4;

/** The page's heading registry as one block sees it: asks and registrations are recorded in order; anything that
 *  reads the whole registry (the [TOC]) makes the block's rendering unfit for replay. */
class RecordedHeadings extends Map<string, HeadingEntry> {
  readonly events: HeadingEvent[] = [];
  wholeRead = false;
  readonly #page: Map<string, HeadingEntry>;

  constructor(page: Map<string, HeadingEntry>) {
    super();
    this.#page = page;
  }

  override has(id: string): boolean {
    const had = this.#page.has(id);
    this.events.push({ id, had });
    return had;
  }

  override set(id: string, entry: HeadingEntry): this {
    this.#page.set(id, entry);
    this.events.push({ id, entry });
    return this;
  }

  override get(id: string): HeadingEntry | undefined {
    this.wholeRead = true;
    return this.#page.get(id);
  }

  override get size(): number {
    this.wholeRead = true;
    return this.#page.size;
  }

  override delete(id: string): boolean {
    this.wholeRead = true;
    return this.#page.delete(id);
  }

  override clear(): void {
    this.wholeRead = true;
    this.#page.clear();
  }

  override forEach(
    callback: (entry: HeadingEntry, id: string, map: Map<string, HeadingEntry>) => void,
    thisArg?: unknown,
  ): void {
    this.wholeRead = true;
    this.#page.forEach(callback, thisArg);
  }

  override keys(): MapIterator<string> {
    this.wholeRead = true;
    return this.#page.keys();
  }

  override values(): MapIterator<HeadingEntry> {
    this.wholeRead = true;
    return this.#page.values();
  }

  override entries(): MapIterator<[string, HeadingEntry]> {
    this.wholeRead = true;
    return this.#page.entries();
  }

  override [Symbol.iterator](): MapIterator<[string, HeadingEntry]> {
    return this.entries();
  }
}

/** The state one page's blocks share, as Typemill's Content model keeps it per body. */
interface PageState {
  headings: Map<string, HeadingEntry>;
  footnotes: number;
}

/** Replays a rendering if the page state answers every question as it did; returns undefined otherwise. */
function replay(rendering: Rendering, state: PageState, options: RenderOptions): string | undefined {
  if (rendering.footnotesNumbered > 0 && rendering.footnotesBefore !== state.footnotes) return undefined;
  const registered = new Set<string>();
  for (const event of rendering.headingEvents) {
    if ('had' in event && (state.headings.has(event.id) || registered.has(event.id)) !== event.had) return undefined;
    if ('entry' in event) registered.add(event.id);
  }
  // Asked again so the caller's own record of probes (the render cache's validation) stays complete.
  if (!rendering.probes.every(([path, exists]) => options.fileExists(path) === exists)) return undefined;
  for (const event of rendering.headingEvents) if ('entry' in event) state.headings.set(event.id, event.entry);
  state.footnotes += rendering.footnotesNumbered;
  return rendering.html;
}

function renderRecorded(
  text: string,
  state: PageState,
  options: RenderOptions,
): { rendering: Rendering; replayable: boolean } {
  const probes: Rendering['probes'] = [];
  const fileExists = (path: string) => {
    const exists = options.fileExists(path);
    probes.push([path, exists]);
    return exists;
  };
  const headings = new RecordedHeadings(state.headings);
  const parser = createParser({ ...options, fileExists }, headings);
  const footnotesBefore = state.footnotes;
  parser.nextFootnoteNumber = () => ++state.footnotes;
  const html = renderText(parser, text);
  const rendering = {
    html,
    headingEvents: headings.events,
    footnotesBefore,
    footnotesNumbered: state.footnotes - footnotesBefore,
    probes,
  };
  return { rendering, replayable: !headings.wholeRead };
}

export type BlockRenderer = (blocks: readonly string[], source: 'md' | 'txt', options: RenderOptions) => string[];

/** A renderBlocks that remembers each block text's renderings for as long as the returned function lives (one page). */
export function memoisedBlockRenderer(): BlockRenderer {
  const memo = new Map<string, Rendering[]>();
  return (blocks, source, options) => {
    const state: PageState = { headings: new Map(), footnotes: 0 };
    if (source === 'md') registerFirstLineHeadings(state.headings, blocks, options.langattr);
    return blocks.map((text) => {
      const known = memo.get(text) ?? [];
      for (const rendering of known) {
        const html = replay(rendering, state, options);
        if (html !== undefined) return html;
      }
      const { rendering, replayable } = renderRecorded(text, state, options);
      if (replayable && known.length < RENDERINGS_PER_TEXT) memo.set(text, [...known, rendering]);
      return rendering.html;
    });
  };
}
