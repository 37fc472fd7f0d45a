// Floods the gateway with wrong-password requests from one address (127.0.0.2), until killed.
import { Agent, request } from 'node:http';

const [url = '', concurrency = '8'] = process.argv.slice(2);
const agent = new Agent({ keepAlive: true, maxSockets: Number(concurrency), localAddress: '127.0.0.2' });
const headers = { Authorization: `Basic ${Buffer.from('administrator1:wrong-password').toString('base64')}` };

function loop(): void {
  const outgoing = request(url, { agent, headers }, (response) => {
    response.resume();
    response.on('end', loop);
  });
  outgoing.on('error', () => setTimeout(loop, 10));
  outgoing.end();
}
for (let index = 0; index < Number(concurrency); index++) loop();
