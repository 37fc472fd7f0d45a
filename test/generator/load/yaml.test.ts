// Specification of YAML as Symfony Yaml 5.4 reads it (docs/typemill.md: YAML is read as Symfony Yaml 5.4 reads it) and
// of its error messages.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { YAMLParseError } from 'yaml';
import { encodePhpJson, PhpFloat } from '../../../generator/php/php-json.ts';
import { BuildError } from '../../../generator/types.ts';
import { isRecord, parseYaml } from '../../../generator/load/yaml.ts';

const scalars = suite('parseYaml: scalar types');

const SCALARS: Array<[yaml: string, value: unknown]> = [
  ['2024-04-25', 1714003200],
  ['2024-04-25 10:00:00', 1714039200],
  ['2024-04-25T10:00:00Z', 1714039200],
  ['2024-04-25 12:00:00 +02:00', 1714039200],
  ["'2024-04-25'", '2024-04-25'],
  ['"2024-04-25"', '2024-04-25'],
  ['12-43-18', '12-43-18'],
  ['0123', 83],
  ['0x1F', 31],
  ['12', 12],
  ['-7', -7],
  ['+12', new PhpFloat(12)],
  ['1e3', new PhpFloat(1000)],
  ['1.5', new PhpFloat(1.5)],
  ['yes', 'yes'],
  ['no', 'no'],
  ['on', 'on'],
  ['true', true],
  ['FALSE', false],
  ['~', null],
  ['null', null],
  ['', null],
  ["''", ''],
  ['plain words # and a comment', 'plain words'],
];
for (const [yaml, value] of SCALARS) {
  scalars(
    `reads value: ${yaml || '(empty)'} as ${value instanceof PhpFloat ? `float ${value.value}` : JSON.stringify(value)}`,
    () => {
      assert.equal(parseYaml(`value: ${yaml}\n`, 'content/page.yaml'), { value });
    },
  );
}

scalars('keeps the types through JSON encoding', () => {
  const parsed = parseYaml(
    'created: 2024-04-25\nquoted: "2024-04-25"\ntime: 13-16-58\noctal: 0123\nhex: 0x1F\nplus: +12\nexp: 1e3\nyes: yes\nnothing: ~\nhide: true\n',
    'content/page.yaml',
  );
  assert.is(
    encodePhpJson(parsed),
    '{"created":1714003200,"quoted":"2024-04-25","time":"13-16-58","octal":83,"hex":31,"plus":12,"exp":1000,"yes":"yes","nothing":null,"hide":true}',
  );
});
scalars.run();

const structure = suite('parseYaml: structure');

structure('reads nested maps and lists with keys in file order', () => {
  const parsed = parseYaml(
    'meta:\n  navtitle: Start\n  title: Welcome\ndemo:\n  list:\n    - a\n    - 2\n',
    'content/index.yaml',
  );
  assert.is(JSON.stringify(parsed), '{"meta":{"navtitle":"Start","title":"Welcome"},"demo":{"list":["a",2]}}');
});

structure('reads an empty file as null', () => {
  assert.is(parseYaml('', 'content/empty.yaml'), null);
});
structure.run();

const errors = suite('parseYaml: malformed YAML');

function thrown(text: string, file: string): BuildError {
  try {
    parseYaml(text, file);
  } catch (error) {
    if (error instanceof BuildError) return error;
    throw error;
  }
  throw new Error('parseYaml did not throw');
}

errors('names the file and the line in the message: file:line: …', () => {
  const error = thrown('meta:\n  title: Hello\n- stray list item\n', 'content/00-page.yaml');
  assert.is(error.problem.file, 'content/00-page.yaml');
  assert.is(error.problem.line, 3);
  assert.match(error.message, /^content\/00-page\.yaml:3: YAML: \S/);
});

errors('reports a bad indentation on its own line', () => {
  const error = thrown('meta:\n  title: a\n bad: b\n', 'settings/settings.yaml');
  assert.is(error.problem.line, 3);
  assert.match(error.message, /^settings\/settings\.yaml:3: YAML: /);
});

errors('keeps the parser error as cause and a one-line message', () => {
  const error = thrown('a: [1, 2\n', 'content/x.yaml');
  assert.instance(error.cause, YAMLParseError);
  assert.not.match(error.problem.message, /\n/);
});
errors.run();

const records = suite('isRecord');

records('accepts plain maps only', () => {
  assert.equal(
    [isRecord({}), isRecord([]), isRecord(null), isRecord('x'), isRecord(new PhpFloat(1))],
    [true, false, false, false, false],
  );
});
records.run();
