// The answers many operations share (components/responses): the error answers and the user records.
import type { Parameter } from '../endpoints.ts';
import { ETAG_HEADER } from './document-head.ts';
import { type JsonObject, bodyObject, errorAnswer, schemaRef } from './json.ts';

export const RESPONSES: Readonly<Record<string, JsonObject>> = {
  NotModified: { description: 'The `If-None-Match` ETag matches; no body.' },
  Unauthorized: {
    ...errorAnswer(
      '`Authentication required.` without Basic credentials, `Authentication failed.` for an unknown user, a wrong ' +
        'password or `apiaccess` not true.',
      'Authentication required.',
    ),
    headers: { 'WWW-Authenticate': { schema: { type: 'string', const: 'Basic realm=' } } },
  },
  Forbidden: errorAnswer(
    "The address is not trusted, or the role is below the endpoint's minimum (Typemill's wording, sic).",
    'Permission denied. Your are an member and you cannot read this content',
  ),
  ForbiddenOrRestricted: errorAnswer(
    "As `Forbidden`, or the page's `allowedrole`/`alloweduser` excludes the caller (`You do not have enough rights.`).",
    'You do not have enough rights.',
  ),
  UntrustedAddress: errorAnswer(
    "The caller's address is outside `trustedipsforapi`/`trustedhostsforapi`.",
    'Access denied: your address is not trusted for API access.',
  ),
  NotFound: errorAnswer(
    'No page for the url or slug (`page not found`), or no published page at all (`navigation not found`).',
    'page not found',
  ),
  MediaNotFound: errorAnswer('No such file (`No image found.`, `No file found.`).', 'No image found.'),
  MediaFileNotFound: errorAnswer('No media file at this path.', 'Not found. No media file at this path.'),
  UriTooLong: errorAnswer('The request target is longer than 8 KiB.', 'URL too long.'),
  TooManyFailures: {
    ...errorAnswer(
      '10 failed logins from the address within 60 seconds.',
      'Too many failed logins from your address. Retry later.',
    ),
    headers: { 'Retry-After': { schema: { type: 'integer', minimum: 1 } } },
  },
  InternalError: errorAnswer('The gateway failed; the body never carries a stack trace.', 'Internal server error.'),
  UserRecords: {
    description: 'The matching users, possibly none. Never cached (`Cache-Control private, no-store`).',
    headers: ETAG_HEADER,
    content: {
      'application/json': { schema: bodyObject({ userdata: { type: 'array', items: schemaRef('UserRecord') } }) },
    },
  },
};

export type ResponseName = 'BadRequest' | 'MediaBadRequest' | keyof typeof RESPONSES;

const quoted = (messages: readonly string[]) => [...new Set(messages)].map((message) => `\`${message}\``).join(', ');

/** The two shared 400 answers, listing the messages of the parameters they cover (the table's, in table order):
 *  `BadRequest` in Typemill's validator's shape (`errors` by field), `MediaBadRequest` its media controllers' plain
 *  message. */
export function badRequestResponses(parameters: readonly Parameter[]): Readonly<Record<string, JsonObject>> {
  const validated = parameters.filter((parameter) => parameter.missing?.errors !== false);
  const missing = validated.flatMap((parameter) => (parameter.missing ? [parameter.missing.message] : []));
  const invalid = validated.flatMap((parameter) => [
    ...(parameter.invalid ? [parameter.invalid] : []),
    ...(parameter.maxWords ? [parameter.maxWords.message] : []),
  ]);
  const first = validated.find((parameter) => parameter.missing);
  const media = parameters.flatMap((parameter) =>
    parameter.missing?.errors === false ? [parameter.missing.message] : [],
  );
  const field = first?.name.replace(/\[\]$/, '') ?? '';
  return {
    BadRequest: {
      description: `A required parameter is missing or blank (${quoted(missing)}) or invalid (${quoted(invalid)}).`,
      content: {
        'application/json': {
          schema: schemaRef('ValidationError'),
          example: { message: first?.missing?.message ?? '', errors: { [field]: first?.missing?.message ?? '' } },
        },
      },
    },
    MediaBadRequest: errorAnswer(
      `The parameter is absent, empty or \`0\` (${quoted(media)}), in Typemill's shape.`,
      media[0] ?? '',
    ),
  };
}
