// `snapi webhook ping NAME --webhook NAME=URL --webhook-secret-file NAME=PATH`: sends receiver NAME one signed `ping`
// event, as `serve` would sign it, and says whether it answered 2xx; the URL is never printed.
import { randomBytes } from 'node:crypto';
import { CommandFailure, parseCommandArguments, runCommand, UsageError } from '../../terminal/command-line.ts';
import { pingEvent } from '../webhooks/event-body.ts';
import { postEvent } from '../webhooks/post-event.ts';
import { webhookHeaders } from '../webhooks/signature.ts';
import { WEBHOOK_OPTIONS, parseWebhookOptions } from '../webhooks/webhook-options.ts';

const WEBHOOK = {
  name: 'webhook',
  usage: `usage: snapi webhook ping NAME --webhook NAME=URL --webhook-secret-file NAME=PATH

Sends receiver NAME one signed Standard Webhooks event {"type":"ping"}, with the options serve takes, and prints
whether it answered 2xx (exit 0) or not (exit 1).

example: snapi webhook ping indexer --webhook indexer=https://search.example.org/hooks/snapi --webhook-secret-file indexer=/etc/snapi/indexer.secret`,
  options: WEBHOOK_OPTIONS,
  positionals: 2,
} as const;

runCommand(WEBHOOK, async () => {
  const { values, positionals } = parseCommandArguments(WEBHOOK, process.argv.slice(2));
  const [action, name] = positionals;
  if (action !== 'ping' || name === undefined) throw new UsageError('expected: snapi webhook ping NAME');
  let settings: ReturnType<typeof parseWebhookOptions>;
  try {
    // Pinging keeps no state: any folder satisfies the check that serve makes.
    settings = parseWebhookOptions({ ...values, state: values.state ?? '.' });
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/^gateway: /, ''));
  }
  const receiver = settings?.receivers.find((candidate) => candidate.name === name);
  if (receiver === undefined) throw new UsageError(`no --webhook ${name}=URL given`);
  const body = pingEvent(new Date());
  const id = `msg_ping_${randomBytes(12).toString('hex')}`;
  const attempt = await postEvent(receiver.url, webhookHeaders(receiver.secrets, id, body, Date.now()), body);
  if (!attempt.ok) throw new CommandFailure(`ping to ${name} failed: ${attempt.reason}`);
  console.log(`snapi webhook: ping ${id} to ${name} answered ${attempt.status}`);
});
