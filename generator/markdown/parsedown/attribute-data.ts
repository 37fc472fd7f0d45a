// Typemill's `{#id .class key=value key="a b" flag}` attribute blocks (its parseAttributeData, not ParsedownExtra's).

/** One attribute of a block: `#id`, `.class`, `key`, `key=value`, `key="quoted value"`. */
export const ATTRIBUTE_PATTERN = `(?:[#.][-\\w:\\\\]+[ ]*|[-\\w:\\\\]+(?:=(?:["'][^\\n]*?["']|[^ \\t\\n\\x0B\\f\\r]+)?)?[ ]*)`;

const QUOTED_VALUE = /([-\w]+=)(["'])([^\n]*?)\2/g;
/** Stands for a space inside a quoted value while the list is split at spaces. */
const SPACE_MARK = '\x1A';

export function parseAttributeData(source: string): Map<string, string | null> {
  let text = source.replaceAll('#', ' #').replaceAll('.', ' .');
  if (text.includes('="') || text.includes("='")) {
    text = text.replace(QUOTED_VALUE, (_match, key: string, quote: string, value: string) => {
      const joined = value.replaceAll(' #', '#').replaceAll(' .', '.').replaceAll(' ', SPACE_MARK);
      return key + quote + joined + quote;
    });
  }
  const attributes = new Map<string, string | null>();
  const classes: string[] = [];
  for (const word of text.split(' ')) {
    // PHP skips falsy words: '' and '0'
    if (word === '' || word === '0') continue;
    if (word.startsWith('#') && word.length > 1) {
      attributes.set('id', word.slice(1));
    } else if (word.startsWith('.') && word.length > 1) {
      classes.push(word.slice(1));
      attributes.set('class', classes.join(' '));
    } else if (word.includes('=')) {
      const equals = word.indexOf('=');
      const key = word.slice(0, equals);
      const value = word.slice(equals + 1);
      attributes.set(key, isQuoted(value) ? value.slice(1, -1).replaceAll(SPACE_MARK, ' ') : value);
    } else {
      attributes.set(word, word);
    }
  }
  return attributes;
}

function isQuoted(value: string): boolean {
  if (value === '') return false;
  return (value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'"));
}
