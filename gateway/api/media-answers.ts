// How the six media endpoints answer: Typemill's parameter checks and messages, then a body of the snapshot.
import { stringParameter } from '../http/query.ts';
import type { Query } from '../http/query.ts';
import { errorReply } from '../http/reply.ts';
import { composedBody } from '../http/success-reply.ts';
import type { Answer, EndpointInput } from './answers.ts';

export const MEDIA_MESSAGES = {
  imageMissing: 'Imagename is missing.',
  imageNotFound: 'No image found.',
  fileMissing: 'Filename is missing.',
  fileNotFound: 'No file found.',
  pathMissing: 'Path is missing.',
} as const;

const NO_PAGE_MEDIA = composedBody('{"pagemedia":[]}');

/** PHP's `if(!$name)`: absent, empty and "0" are all missing; an array parameter is treated as absent. */
function truthyParameter(query: Query, name: string): string | undefined {
  const value = stringParameter(query, name);
  return value === undefined || value === '' || value === '0' ? undefined : value;
}

/** PHP's basename on `/`-separated paths: the last segment, trailing slashes ignored. */
export function baseName(name: string): string {
  const trimmed = name.replace(/\/+$/, '');
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

/** `00-a//01-b` and `/00-a/01-b` name the same page, as the file path Typemill joins from them does. */
export function pagePathOf(path: string): string {
  return `/${path.split('/').filter((segment) => segment !== '').join('/')}`;
}

const reply = (status: number, message: string): Answer => ({ kind: 'reply', reply: errorReply(status, message) });

function stored(input: EndpointInput, key: string): Answer | undefined {
  const entry = input.snapshot.entries.get(key);
  return entry === undefined ? undefined : { kind: 'entry', entry };
}

/** `/images` and `/files`: the list is always built, empty for an empty folder. */
function listAnswer(key: string, empty: string) {
  const fallback = composedBody(empty);
  return (input: EndpointInput): Answer => stored(input, key) ?? { kind: 'composed', body: fallback };
}

export const imagesAnswer = (key: string) => listAnswer(key, '{"images":[]}');
export const filesAnswer = (key: string) => listAnswer(key, '{"files":[]}');

function byName(keyOf: (name: string) => string, missing: string, notFound: string) {
  return (input: EndpointInput): Answer => {
    const name = truthyParameter(input.query, 'name');
    if (name === undefined) return reply(400, missing);
    return stored(input, keyOf(baseName(name))) ?? reply(404, notFound);
  };
}

export const imageAnswer = (keyOf: (name: string) => string) => byName(keyOf, MEDIA_MESSAGES.imageMissing, MEDIA_MESSAGES.imageNotFound);
export const fileAnswer = (keyOf: (name: string) => string) => byName(keyOf, MEDIA_MESSAGES.fileMissing, MEDIA_MESSAGES.fileNotFound);

/** Only page paths have media; any other path (`../settings/settings` included) has none (docs/decisions.md: Only media is media). */
export function pageMediaAnswer(keyOf: (path: string) => string) {
  return (input: EndpointInput): Answer => {
    const path = truthyParameter(input.query, 'path');
    if (path === undefined) return reply(400, MEDIA_MESSAGES.pathMissing);
    return stored(input, keyOf(pagePathOf(path))) ?? { kind: 'composed', body: NO_PAGE_MEDIA };
  };
}

/** The restriction stored under exactly the name asked for, else `"all"`, as Typemill looks it up. */
export function fileRestrictionsAnswer(keyOf: (filename: string) => string, noneKey: string) {
  return (input: EndpointInput): Answer => {
    const filename = stringParameter(input.query, 'filename');
    const named = filename === undefined || filename === '' ? undefined : stored(input, keyOf(filename));
    return named ?? stored(input, noneKey) ?? reply(404, 'file restrictions not found');
  };
}
