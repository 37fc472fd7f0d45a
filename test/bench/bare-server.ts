// The baseline: a bare node:http server answering each URL of the mix with the same identity body and headers snapi
// answers it with, from a Map, no auth.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/** `[[url, bodyFile, headers?], …]`: written by the bench from the snapshot index and snapi's answers. */
const routes = JSON.parse(readFileSync(process.argv[3]!, 'utf8')) as Array<[string, string, Record<string, string>?]>;
const ANSWERS = new Map<string, { body: Buffer; headers: Record<string, string> }>();
for (const [url, file, headers] of routes) {
  const body = readFileSync(file);
  ANSWERS.set(url, {
    body,
    headers: headers ?? { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(body.length) },
  });
}
const NOT_FOUND = Buffer.from('{"message":"not found"}');

const server = createServer((request, response) => {
  const known = ANSWERS.get(request.url ?? '');
  if (known === undefined) {
    response.writeHead(404, { 'Content-Length': String(NOT_FOUND.length) });
    response.end(NOT_FOUND);
    return;
  }
  response.writeHead(200, known.headers);
  response.end(known.body);
});
server.listen(Number(process.argv[2]), '127.0.0.1', () => console.log('listening'));
