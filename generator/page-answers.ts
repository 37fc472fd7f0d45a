// A page's own answers, its meta and its content (live, draft), made one way for the site build (build.ts) and the
// page-local patch (resident/page-build.ts), so the patch publishes what a site build would.
import { KEYS, keyOf } from '../contract/endpoints.ts';
import type { Restriction } from '../contract/snapshot.ts';
import { encodePhpJson } from './php/php-json.ts';
import type { fieldsFor } from './plan/meta-definitions.ts';
import { metaBody, type MetaItem } from './plan/meta-values.ts';
import type { RenderedContent, StoredContent } from './render/content-bodies.ts';
import type { BuiltResponse, StoredResponse } from './types.ts';

const CONTENT = 'content';
const CONTENT_KEYS = { live: KEYS.contentLive, draft: KEYS.contentDraft } as const;
const STATES = ['live', 'draft'] as const;

export type MetaTabs = Record<'page' | 'folder', ReturnType<typeof fieldsFor>>;

/** A page as its own answers need it: where it is, and what its meta body takes of its item. */
export interface AnsweringPage extends MetaItem {
  url: string;
  pathWithoutType: string;
  path: string;
}

/** What a page's answers are made of besides the page. */
export interface PageAnswerInputs {
  /** Its bodies (the pure build, a patch) or the hashes of bodies already in the staging snapshot (a site build). */
  content: RenderedContent | StoredContent;
  /** Its meta file as parsed (with the front matter merged in). */
  stored: unknown;
  tabs: MetaTabs;
  author: unknown;
  /** Content entry times: the page file's is Typemill's default modified date. */
  mtimes: ReadonlyMap<string, number>;
  restriction: Restriction | undefined;
}

/** The key of a page's content in `state`. */
export function contentKey(state: 'live' | 'draft', url: string): string {
  return keyOf(CONTENT_KEYS[state], url);
}

/** The time of the file Typemill reads a page's default modified date from: its `.md`, else `.txt`, else its path
 *  (a folder's). */
function pageFileMtime(mtimes: ReadonlyMap<string, number>, { pathWithoutType, path }: AnsweringPage): number {
  for (const candidate of [`${pathWithoutType}.md`, `${pathWithoutType}.txt`, path]) {
    const mtime = mtimes.get(CONTENT + candidate);
    if (mtime !== undefined) return mtime;
  }
  return 0;
}

/** The page's meta, then its content live and draft where it has them: with the body where it is in hand, else by the
 *  hash of the body already stored. */
export function pageAnswers(
  page: AnsweringPage,
  inputs: PageAnswerInputs & { content: RenderedContent },
): BuiltResponse[];
export function pageAnswers(page: AnsweringPage, inputs: PageAnswerInputs): Array<BuiltResponse | StoredResponse>;
export function pageAnswers(page: AnsweringPage, inputs: PageAnswerInputs): Array<BuiltResponse | StoredResponse> {
  const withRestriction = inputs.restriction ? { restriction: inputs.restriction } : {};
  const defaults = { author: inputs.author, pageFileMtimeMs: pageFileMtime(inputs.mtimes, page) };
  const fields = page.isFolder ? inputs.tabs.folder : inputs.tabs.page;
  const meta = encodePhpJson(metaBody(fields, inputs.stored, page, defaults));
  const responses: Array<BuiltResponse | StoredResponse> = [
    { key: keyOf(KEYS.meta, page.url), body: meta, ...withRestriction },
  ];
  const { content } = inputs;
  for (const state of STATES) {
    const hash = content.hashes[state];
    const body = 'live' in content ? content[state] : undefined;
    const key = contentKey(state, page.url);
    if (body !== undefined)
      responses.push({ key, body, pageContent: true, ...(hash === undefined ? {} : { hash }), ...withRestriction });
    else if (hash !== undefined) responses.push({ key, stored: hash, ...withRestriction });
  }
  return responses;
}
