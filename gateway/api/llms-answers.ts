// The AI files' answers (docs/ai.md): the caller's view of `llms.txt` and `llms-full.txt`, and a page's markdown as
// article/content decides. A caller of the public view (`serve --public-llms`, no credentials) is PUBLIC_CALLER.
import { KEYS, keyOf } from '../../contract/endpoints.ts';
import { parseManifest } from '../../contract/llms-manifest.ts';
import type { AuthenticatedUser } from '../auth/credential-cache.ts';
import { readStoredBody } from '../snapshot/body-store.ts';
import type { LoadedEntry, StoredBody } from '../snapshot/model.ts';
import type { LoadedSnapshot } from '../snapshot/serving-state.ts';
import { MESSAGES, errorReply } from '../reply/reply.ts';
import type { PartList } from '../reply/reply.ts';
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

// A manifest's part keys and size, read once per manifest body and snapshot: a view's list is the same for every
// request. Keys, not entries: at 40,000 pages a list of entry objects per view would cost tens of MB.
// Held per snapshot, so a replaced snapshot's lists go with it.
const RESOLVED = new WeakMap<LoadedSnapshot, Map<StoredBody, PartList>>();

async function partList(manifest: LoadedEntry, snapshot: LoadedSnapshot): Promise<PartList | undefined> {
  let lists = RESOLVED.get(snapshot);
  if (lists === undefined) RESOLVED.set(snapshot, (lists = new Map()));
  const known = lists.get(manifest.identity);
  if (known !== undefined) return known;
  const keys: string[] = [];
  let size = 0;
  for (const { url } of parseManifest((await readStoredBody(manifest.identity)).toString('utf8'))) {
    const key = keyOf(KEYS.llmsPart, url);
    const part = snapshot.entries.get(key);
    if (part === undefined) return undefined;
    keys.push(key);
    size += part.identity.size;
  }
  const list = { keys, entries: snapshot.entries, size };
  lists.set(manifest.identity, list);
  return list;
}

export async function llmsFullTxtAnswer(input: EndpointInput): Promise<Answer> {
  const manifest = viewEntry(KEYS.llmsFull, input);
  const parts = manifest && (await partList(manifest, input.snapshot));
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
