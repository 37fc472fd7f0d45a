// The typed snapi client: `createClient({ baseUrl, username, password })` or `{ baseUrl, token }`, one method per
// endpoint of the endpoint table (client/generated/api.ts), Basic or Bearer auth, If-None-Match revalidation from an in-memory cache, one error class.
// Runs on the platform's fetch (Node 20 or later, browsers, workers) with no dependency.
import { CALLS, type Call, type SnapiParameters, type SnapiResponses } from './generated/api.ts';

export type * from './generated/api.ts';
export { followChanges, type FollowOptions } from './follow-changes.ts';

export type EndpointMethod = keyof SnapiResponses;

/** A method per endpoint; parameters may be left out where none is required. */
export type SnapiClient = {
  [Method in EndpointMethod]: Record<string, never> extends SnapiParameters[Method]
    ? (parameters?: SnapiParameters[Method]) => Promise<SnapiResponses[Method]>
    : (parameters: SnapiParameters[Method]) => Promise<SnapiResponses[Method]>;
};

/** A user's Basic credentials, or a read-only API token (`snapi token add`), sent as `Authorization: Bearer`. */
export type ClientCredentials = { username: string; password: string; token?: never } | { token: string };

export type ClientOptions = ClientCredentials & {
  /** Scheme, host and the installation's base path: `https://docs.example.org/handbook`. */
  baseUrl: string;
  /** Another fetch (a proxy agent, a test double); default: the global fetch. */
  fetch?: typeof fetch;
  /** Bodies kept for revalidation with If-None-Match; 0 turns the cache off. Default 256. */
  cacheEntries?: number;
};

function authorizationOf(credentials: ClientCredentials): string {
  if ('token' in credentials && typeof credentials.token === 'string') return `Bearer ${credentials.token}`;
  const { username, password } = credentials as { username: string; password: string };
  return `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(`${username}:${password}`)))}`;
}

/** Any answer other than 200 or 304: the status and Typemill's message (`page not found`, `Url is required`). */
export class SnapiError extends Error {
  readonly status: number;
  /** Per parameter, for a 400. */
  readonly errors: Readonly<Record<string, string>> | undefined;
  constructor(status: number, message: string, errors?: Record<string, string>) {
    super(message);
    this.name = 'SnapiError';
    this.status = status;
    this.errors = errors;
  }
}

interface Cached {
  etag: string;
  body: unknown;
}

function queryOf(call: Call, parameters: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const parameter of call.parameters) {
    const value = parameters[parameter.name];
    if (value === undefined || value === null || parameter.kind === 'path') continue;
    if (parameter.kind === 'flag') {
      if (value === true) query.append(parameter.wire, 'true');
    } else if (parameter.kind === 'list') {
      for (const item of value as unknown[]) query.append(parameter.wire, String(item));
    } else {
      query.append(parameter.wire, String(value));
    }
  }
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

/** `{url}` of `/{url}.md` as the page URL's path: each segment percent-encoded, the home page `index`. */
function pathOf(call: Call, parameters: Record<string, unknown>): string {
  return call.parameters
    .filter((parameter) => parameter.kind === 'path')
    .reduce((path, parameter) => {
      const segments = String(parameters[parameter.name] ?? '')
        .split('/')
        .filter((segment) => segment !== '');
      const value = segments.length === 0 ? 'index' : segments.map(encodeURIComponent).join('/');
      return path.replace(`{${parameter.name}}`, value);
    }, call.path);
}

async function errorOf(response: Response): Promise<SnapiError> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as { message?: unknown; errors?: Record<string, string> };
    if (typeof body.message === 'string') return new SnapiError(response.status, body.message, body.errors);
  } catch {
    // Not JSON (a proxy's error page): the status line says what happened.
  }
  return new SnapiError(response.status, `${response.status} ${response.statusText}`.trim());
}

export function createClient(options: ClientOptions): SnapiClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const authorization = authorizationOf(options);
  const fetcher = options.fetch ?? globalThis.fetch;
  const limit = options.cacheEntries ?? 256;
  // Insertion order is recency order: a hit moves its entry to the end, the oldest goes first.
  const cache = new Map<string, Cached>();

  async function request(call: Call, parameters: Record<string, unknown>): Promise<unknown> {
    const url = base + pathOf(call, parameters) + queryOf(call, parameters);
    const cached = cache.get(url);
    const headers: Record<string, string> = {
      Authorization: authorization,
      Accept: call.text ? 'text/plain, text/markdown' : 'application/json',
    };
    if (cached !== undefined) headers['If-None-Match'] = cached.etag;
    const response = await fetcher(url, { headers });
    if (response.status === 304 && cached !== undefined) {
      cache.delete(url);
      cache.set(url, cached);
      return structuredClone(cached.body);
    }
    if (response.status !== 200) throw await errorOf(response);
    const body: unknown = call.text ? await response.text() : await response.json();
    const etag = response.headers.get('etag');
    // Users endpoints answer no-store: their bodies are never kept.
    if (etag !== null && limit > 0 && !/no-store/.test(response.headers.get('cache-control') ?? '')) {
      cache.delete(url);
      // A copy: what the caller does with its answer never changes what a later 304 returns.
      cache.set(url, { etag, body: structuredClone(body) });
      if (cache.size > limit) cache.delete(cache.keys().next().value as string);
    }
    return body;
  }

  const client: Record<string, (parameters?: Record<string, unknown>) => Promise<unknown>> = {};
  for (const [method, call] of Object.entries(CALLS)) client[method] = (parameters = {}) => request(call, parameters);
  return client as unknown as SnapiClient;
}
