// The AI files' answers (docs/ai.md): the caller's view of `llms.txt` and `llms-full.txt`, and a page's markdown as
// article/content decides. A caller of the public view (`serve --public-llms`, no credentials) is PUBLIC_CALLER.
import { KEYS, keyOf } from '../../contract/endpoints.ts';
import { parseManifest } from '../../contract/llms-manifest.ts';
import type { AuthenticatedUser } from '../auth/credential-cache.ts';
import { readStoredBody } from '../snapshot/body-store.ts';
import type { LoadedEntry, LoadedSnapshot, StoredBody } from '../snapshot/snapshot-loader.ts';
import { MESSAGES, errorReply } from '../http/reply.ts';
import type { Answer, EndpointInput } from './answers.ts';
import { byUrl, wantsDraft } from './answers.ts';

/** The name of the generator's public view; as a role it matches no page restriction and no minimum. */
const PUBLIC_VIEW = 'public';
export const PUBLIC_CALLER: AuthenticatedUser = { username: '', role: PUBLIC_VIEW };

const notFound: Answer = { kind: 'reply', reply: errorReply(404, MESSAGES.pageNotFound) };

/** The caller's view: `<role>:<user>` where the build made one (a user some page's `alloweduser` names), else the
 *  role's; `public` for PUBLIC_CALLER. */
function viewEntry(kind: typeof KEYS.llmsTxt, { user, snapshot }: EndpointInput): LoadedEntry | undefined {
  if (user === PUBLIC_CALLER) return snapshot.entries.get(keyOf(kind, PUBLIC_VIEW));
  const own = user.username === '' ? undefined : snapshot.entries.get(keyOf(kind, `${user.role}:${user.username}`));
  return own ?? snapshot.entries.get(keyOf(kind, user.role));
}

export function llmsTxtAnswer(input: EndpointInput): Answer {
  const entry = viewEntry(KEYS.llmsTxt, input);
  return entry === undefined ? notFound : { kind: 'entry', entry };
}

// A manifest's parts, resolved once per manifest body and snapshot: a view's list is the same for every request.
const RESOLVED = new WeakMap<StoredBody, { snapshot: LoadedSnapshot; parts: LoadedEntry[] }>();

async function resolvedParts(manifest: LoadedEntry, snapshot: LoadedSnapshot): Promise<LoadedEntry[] | undefined> {
  const known = RESOLVED.get(manifest.identity);
  if (known?.snapshot === snapshot) return known.parts;
  const parts: LoadedEntry[] = [];
  for (const { url } of parseManifest((await readStoredBody(manifest.identity)).toString('utf8'))) {
    const part = snapshot.entries.get(keyOf(KEYS.llmsPart, url));
    if (part === undefined) return undefined;
    parts.push(part);
  }
  RESOLVED.set(manifest.identity, { snapshot, parts });
  return parts;
}

export async function llmsFullTxtAnswer(input: EndpointInput): Promise<Answer> {
  const manifest = viewEntry(KEYS.llmsFull, input);
  const parts = manifest && (await resolvedParts(manifest, input.snapshot));
  if (manifest === undefined || parts === undefined) return notFound;
  return { kind: 'parts', etag: manifest.etag, parts };
}

const markdownOfUrl = byUrl((url, values) =>
  wantsDraft(values)
    ? [keyOf(KEYS.markdownDraft, url), keyOf(KEYS.markdownLive, url)]
    : [keyOf(KEYS.markdownLive, url)],
);
const publicMarkdownOfUrl = byUrl((url) => [keyOf(KEYS.markdownPublic, url)]);

/** As article/content decides for a caller with credentials; the public view has only the pages it lists, and
 *  never a draft. */
export function pageMarkdownAnswer(input: EndpointInput): Answer {
  return input.user === PUBLIC_CALLER ? publicMarkdownOfUrl(input) : markdownOfUrl(input);
}
