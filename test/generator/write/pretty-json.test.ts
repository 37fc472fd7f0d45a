// Specification of the change report's chunked text: joined, the chunks are JSON.stringify(value, null, 2) exactly.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { prettyJsonChunks } from '../../../generator/write/pretty-json.ts';

const pretty = suite('prettyJsonChunks');

const joined = (value: unknown) => [...prettyJsonChunks(value)].join('');

pretty('writes every kind of JSON value as JSON.stringify does with an indent of two', () => {
  const values: unknown[] = [
    null,
    0,
    -1.5,
    true,
    'quote " backslash \\ newline \n separator \u2028 emoji 😀',
    [],
    {},
    [[]],
    [{}],
    { empty: [], nothing: {}, nested: [1, [2, [3]], { deeper: { deepest: ['x'] } }] },
  ];
  for (const value of values) assert.is(joined(value), JSON.stringify(value, null, 2), JSON.stringify(value));
});

pretty('leaves out members JSON.stringify leaves out and writes null for such elements', () => {
  const value = { kept: 1, gone: undefined, call: () => 1, list: [undefined, () => 1, 'x'], last: 'y' };
  assert.is(joined(value), '{\n  "kept": 1,\n  "list": [\n    null,\n    null,\n    "x"\n  ],\n  "last": "y"\n}');
  assert.is(joined({ only: undefined }), '{}');
});

pretty('writes a change report as the report file always read', () => {
  const report = {
    previous: null,
    current: '20240517T000000Z-abcdef',
    added: ['content:live:/', 'item:/a"b'],
    changed: [],
    removed: ['meta:/gone'],
    details: [
      { key: 'content:live:/', before: null, after: '"h1"' },
      { key: 'meta:/gone', before: '"h2"', after: null },
    ],
    urls: { added: ['/'], changed: [], removed: [] },
    slugs: { added: [], changed: [], removed: [] },
    purge: ['/api/v1/article/content?url=/'],
  };
  assert.is(joined(report), JSON.stringify(report, null, 2));
});

pretty('hands a large report on in many bounded chunks, never its whole text at once', () => {
  const details = Array.from({ length: 20_000 }, (_, position) => ({
    key: `content:live:/page-${position}`,
    before: null,
    after: `"${position.toString(36).padStart(20, 'h')}"`,
  }));
  const chunks = [...prettyJsonChunks({ details })];
  const text = JSON.stringify({ details }, null, 2);
  assert.is(chunks.join(''), text);
  assert.ok(chunks.length > text.length / 70_000, `${chunks.length} chunks for ${text.length} characters`);
  for (const chunk of chunks) assert.ok(chunk.length < 70_000, `a chunk of ${chunk.length} characters`);
});

pretty.run();
