// Floods the gateway with wrong-password requests from one address (127.0.0.2) until SIGTERM, then prints what it got
// as JSON.
import { Agent, request } from 'node:http';

const [url = '', concurrency = '8'] = process.argv.slice(2);
const agent = new Agent({ keepAlive: true, maxSockets: Number(concurrency), localAddress: '127.0.0.2' });
const headers = { Authorization: `Basic ${Buffer.from('administrator1:wrong-password').toString('base64')}` };
const statuses: Record<string, number> = {};
let failures = 0;

function loop(): void {
  const outgoing = request(url, { agent, headers }, (response) => {
    const status = String(response.statusCode);
    statuses[status] = (statuses[status] ?? 0) + 1;
    response.resume();
    response.on('end', loop);
  });
  // A refused or reset connection is retried after 10 ms, so the attacker does not take the load client's core.
  outgoing.on('error', () => {
    failures++;
    setTimeout(loop, 10);
  });
  outgoing.end();
}
for (let index = 0; index < Number(concurrency); index++) loop();
process.on('SIGTERM', () => {
  console.log(JSON.stringify({ statuses, failures }));
  process.exit(0);
});
