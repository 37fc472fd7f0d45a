// ParsedownExtra attribute blocks `{#id .class key=value key="a b" flag}` as Typemill parses them (parseAttributeData).

/** One attribute of a `{…}` block (Typemill's regexAttribute). */
export const ATTRIBUTE_PATTERN = String.raw`(?:[#.][-\w:\\]+[ ]*|[-\w:\\]+(?:=(?:["'][^\n]*?["']|[^\s]+)?)?[ ]*)`;

/** `{…}` directly after a link or image, optionally after spaces. */
export const TRAILING_ATTRIBUTE_BLOCK = new RegExp(String.raw`^[ ]*\{(${ATTRIBUTE_PATTERN}+)\}`);

const QUOTED_VALUE = /([-\w]+=)(["'])([^\n]*?)\2/g;
const SPACE_PLACEHOLDER = '\x1A';

/** Attribute name → value in PHP array order (the first `.class` fixes where `class` goes). */
export function parseAttributeData(attributeString: string): Map<string, string> {
  let text = attributeString.replaceAll('#', ' #').replaceAll('.', ' .');
  if (text.includes('="') || text.includes("='")) {
    text = text.replace(QUOTED_VALUE, (_match, key: string, quote: string, value: string) =>
      key + quote + value.replaceAll(' #', '#').replaceAll(' .', '.').replaceAll(' ', SPACE_PLACEHOLDER) + quote);
  }
  const attributes = new Map<string, string>();
  const classes: string[] = [];
  for (const part of text.split(' ')) {
    // PHP's `if (!$v) continue;` also skips the string "0".
    if (part === '' || part === '0') continue;
    if (part.startsWith('#') && part.length > 1) {
      attributes.set('id', part.slice(1));
    } else if (part.startsWith('.') && part.length > 1) {
      if (!attributes.has('class')) attributes.set('class', '');
      classes.push(part.slice(1));
    } else if (part.includes('=')) {
      const equals = part.indexOf('=');
      attributes.set(part.slice(0, equals), attributeValue(part.slice(equals + 1)));
    } else {
      attributes.set(part, part);
    }
  }
  if (classes.length > 0) attributes.set('class', classes.join(' '));
  return attributes;
}

function attributeValue(raw: string): string {
  const quoted = (raw.startsWith('"') && raw.endsWith('"')) || (raw.startsWith("'") && raw.endsWith("'"));
  if (!quoted) return raw;
  return raw.slice(1).slice(0, -1).replaceAll(SPACE_PLACEHOLDER, ' ');
}
