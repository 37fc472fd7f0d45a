// The baseline: a bare node:http server answering every request with the same 5 KB JSON buffer.
import { createServer } from 'node:http';

const BODY = Buffer.from(JSON.stringify({ content: 'x'.repeat(5 * 1024 - 14) }));
const HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(BODY.length) };

const server = createServer((_request, response) => {
  response.writeHead(200, HEADERS);
  response.end(BODY);
});
server.listen(Number(process.argv[2]), '127.0.0.1', () => console.log('listening'));
