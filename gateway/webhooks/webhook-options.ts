// `serve --webhook NAME=URL --webhook-role NAME=ROLE --webhook-secret-file NAME=PATH --state DIR`: the receivers, read
// once at start. A receiver is named by NAME everywhere: its URL (often a capability URL) and its secrets never
// appear in a message, a log line or /healthz.
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { ROLES } from '../../contract/snapshot.ts';

export interface Receiver {
  name: string;
  url: URL;
  role: string;
  /** The key bytes of each `whsec_…` line of the secret file: every one signs (rotation). */
  secrets: Buffer[];
}

export interface WebhookSettings {
  receivers: Receiver[];
  stateDir: string;
}

export const WEBHOOK_OPTIONS = {
  webhook: { type: 'string', multiple: true },
  'webhook-role': { type: 'string', multiple: true },
  'webhook-secret-file': { type: 'string', multiple: true },
  state: { type: 'string' },
} as const;

const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const SECRET = /^whsec_([A-Za-z0-9+/]{16,}={0,2})$/;
const DEFAULT_ROLE = 'author';

class WebhookOptionError extends Error {}

/** `NAME=VALUE` pairs of a repeated option, by name; the value is never quoted back. */
function pairs(values: unknown, option: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const pair of (values as string[] | undefined) ?? []) {
    const equals = pair.indexOf('=');
    const name = equals < 0 ? pair : pair.slice(0, equals);
    if (equals < 1 || !NAME.test(name))
      throw new WebhookOptionError(`${option} takes NAME=VALUE with NAME of letters, digits, - and _`);
    if (map.has(name)) throw new WebhookOptionError(`${option} names ${name} twice`);
    map.set(name, pair.slice(equals + 1));
  }
  return map;
}

/** Loopback receivers may use http; every other one must be https. */
function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  if (bare === 'localhost') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  return bare === '::1';
}

function receiverUrl(name: string, text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new WebhookOptionError(`--webhook ${name}: the URL is not valid`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname)))
    throw new WebhookOptionError(`--webhook ${name}: the URL must be https (http only on loopback)`);
  if (url.username !== '' || url.password !== '')
    throw new WebhookOptionError(`--webhook ${name}: put no credentials in the URL; receivers verify signatures`);
  return url;
}

function readSecrets(name: string, path: string): Buffer[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new WebhookOptionError(`--webhook-secret-file ${name}: cannot read ${path}`);
  }
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const secrets = lines.map((line) => SECRET.exec(line)?.[1]);
  if (secrets.length === 0 || secrets.some((secret) => secret === undefined))
    throw new WebhookOptionError(`--webhook-secret-file ${name}: ${path} must hold one whsec_<base64> secret per line`);
  return secrets.map((secret) => Buffer.from(secret as string, 'base64'));
}

/** The receivers the options configure; undefined when none. Throws a one-line usage message. */
export function parseWebhookOptions(values: Record<string, unknown>): WebhookSettings | undefined {
  try {
    const urls = pairs(values.webhook, '--webhook');
    const roles = pairs(values['webhook-role'], '--webhook-role');
    const secretFiles = pairs(values['webhook-secret-file'], '--webhook-secret-file');
    for (const [option, map] of [
      ['--webhook-role', roles],
      ['--webhook-secret-file', secretFiles],
    ] as const)
      for (const name of map.keys())
        if (!urls.has(name)) throw new WebhookOptionError(`${option} names ${name}, which no --webhook configures`);
    const state = values.state;
    if (urls.size === 0) return undefined;
    if (typeof state !== 'string' || state === '')
      throw new WebhookOptionError('--webhook needs --state DIR, where pending deliveries are kept');
    const receivers = [...urls].map(([name, text]) => {
      const url = receiverUrl(name, text);
      const role = roles.get(name) ?? DEFAULT_ROLE;
      if (!(ROLES as readonly string[]).includes(role) || role === 'guest')
        throw new WebhookOptionError(`--webhook-role ${name}: "${role}" is not a role from member to administrator`);
      const path = secretFiles.get(name);
      if (path === undefined)
        throw new WebhookOptionError(`--webhook ${name} needs --webhook-secret-file ${name}=PATH`);
      return { name, url, role, secrets: readSecrets(name, path) };
    });
    return { receivers, stateDir: state };
  } catch (error) {
    if (error instanceof WebhookOptionError) throw new Error(`gateway: ${error.message}`);
    throw error;
  }
}
