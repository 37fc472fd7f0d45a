// The hand-written request log line is exactly the JSON the log has always held, and the plain-target memory never
// keeps a secret.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { requestLine } from '../../../gateway/http/request-log.ts';
import type { RequestLogEntry } from '../../../gateway/http/request-log.ts';
import { loggableTarget } from '../../../gateway/http/log-redaction.ts';

const ENTRIES: RequestLogEntry[] = [
  { method: 'GET', target: '/api/v1/navigation', status: 200, bytes: 46, ms: 0.04, user: 'editoruser' },
  {
    method: 'HEAD',
    target: '/api/v1/article/content?url=%2Fa%2Fb&draft=true',
    status: 304,
    bytes: 0,
    ms: 12.349,
    user: null,
  },
  {
    method: 'G"E\\T',
    target: '/api/v1/x?q="quoted"\\\u0001\u2028é',
    status: 404,
    bytes: 1_234_567,
    ms: 1234.56,
    user: 'us"er\n',
  },
  {
    method: 'GET',
    target: `/api/v1/navigation?password=hunter2&url=${'x'.repeat(3000)}`,
    status: 429,
    bytes: 70,
    ms: -0,
    user: null,
  },
];

const Line = suite('requestLine');

Line('writes the same text as JSON.stringify of time, method, path, status, bytes, rounded ms and user', () => {
  const time = new Date('2026-11-23T17:00:00.123Z');
  const expected = ENTRIES.map((entry) =>
    JSON.stringify({
      time: time.toISOString(),
      method: entry.method,
      path: loggableTarget(entry.target).slice(0, 2048),
      status: entry.status,
      bytes: entry.bytes,
      ms: Math.round(entry.ms * 10) / 10,
      user: entry.user,
    }),
  );
  assert.equal(
    ENTRIES.map((entry) => requestLine(entry, time)),
    expected,
  );
  const later = new Date('2026-11-23T17:00:00.124Z');
  assert.is(JSON.parse(requestLine(ENTRIES[0]!, later)).time, '2026-11-23T17:00:00.124Z');
});

Line('redacts a secret-named parameter every time it is asked, also after the same target came without it', () => {
  assert.equal(
    [
      loggableTarget('/api/v1/n?a=1'),
      loggableTarget('/api/v1/n?a=1'),
      loggableTarget('/api/v1/n?token=s'),
      loggableTarget('/api/v1/n?token=s'),
    ],
    ['/api/v1/n?a=1', '/api/v1/n?a=1', '/api/v1/n?token=REDACTED', '/api/v1/n?token=REDACTED'],
  );
});

Line.run();
