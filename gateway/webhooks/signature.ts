// Standard Webhooks signing (https://www.standardwebhooks.com): HMAC-SHA256 over `id.timestamp.body` with each secret's
// key bytes, sent as `v1,<base64>` signatures separated by spaces.
import { createHash, createHmac } from 'node:crypto';

export function signatureHeader(
  secrets: readonly Buffer[],
  id: string,
  timestampSeconds: number,
  body: string,
): string {
  const signed = `${id}.${timestampSeconds}.${body}`;
  return secrets.map((key) => `v1,${createHmac('sha256', key).update(signed).digest('base64')}`).join(' ');
}

/** The same for every gateway: receivers drop the duplicates several gateways send. */
export function webhookId(receiver: string, snapshot: string): string {
  return `msg_${createHash('sha256').update(`${receiver}\n${snapshot}`).digest('base64url').slice(0, 32)}`;
}

export function webhookHeaders(secrets: readonly Buffer[], id: string, body: string, nowMs: number) {
  const timestamp = Math.floor(nowMs / 1000);
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader(secrets, id, timestamp, body),
  };
}
