// How the six media endpoints answer: Typemill's parameter checks and messages, then a body of the snapshot.
import { errorReply } from '../reply/reply.ts';
import { composedBody } from '../reply/success-reply.ts';
import { textValue } from './answers.ts';
import type { Answer, EndpointInput } from './answers.ts';

export const MEDIA_MESSAGES = {
  imageMissing: 'Imagename is missing.',
  imageNotFound: 'No image found.',
  fileMissing: 'Filename is missing.',
  fileNotFound: 'No file found.',
  pathMissing: 'Path is missing.',
} as const;

const NO_PAGE_MEDIA = composedBody('{"pagemedia":[]}');

/** PHP's basename on `/`-separated paths: the last segment, trailing slashes ignored. */
export function baseName(name: string): string {
  const trimmed = name.replace(/\/+$/, '');
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

/** `00-a//01-b` and `/00-a/01-b` name the same page, as the file path Typemill joins from them does. */
export function pagePathOf(path: string): string {
  return `/${path
    .split('/')
    .filter((segment) => segment !== '')
    .join('/')}`;
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

/** `name` is required and PHP-truthy by the table's rule (Typemill's `if(!$name)`: absent, empty and "0" are missing).
 *  */
function byName(keyOf: (name: string) => string, notFound: string) {
  return (input: EndpointInput): Answer =>
    stored(input, keyOf(baseName(textValue(input.values, 'name')))) ?? reply(404, notFound);
}

export const imageAnswer = (keyOf: (name: string) => string) => byName(keyOf, MEDIA_MESSAGES.imageNotFound);
export const fileAnswer = (keyOf: (name: string) => string) => byName(keyOf, MEDIA_MESSAGES.fileNotFound);

/** Only page paths have media; any other path (`../settings/settings` included) has none
 *  (docs/decisions.md: Only media is media). */
export function pageMediaAnswer(keyOf: (path: string) => string) {
  return (input: EndpointInput): Answer =>
    stored(input, keyOf(pagePathOf(textValue(input.values, 'path')))) ?? { kind: 'composed', body: NO_PAGE_MEDIA };
}

/** The restriction stored under exactly the name asked for, else `"all"`, as Typemill looks it up. */
export function fileRestrictionsAnswer(keyOf: (filename: string) => string, noneKey: string) {
  return (input: EndpointInput): Answer => {
    const filename = input.values.filename;
    const named = typeof filename === 'string' ? stored(input, keyOf(filename)) : undefined;
    return named ?? stored(input, noneKey) ?? reply(404, 'file restrictions not found');
  };
}
