// The footnotes list Typemill appends to a text that defines footnotes: referenced ones by number, each with back
// links.

import type { Element, Parser } from './types.ts';

export function footnotesElement(parser: Parser): Element {
  const list: Element[] = [];
  const definitions = [...(parser.definitions.footnotes ?? new Map())];
  definitions.sort(([, first], [, second]) => (first.number ?? 0) - (second.number ?? 0));
  for (const [label, definition] of definitions) {
    if (definition.number === null) continue;
    // Like Typemill, each definition's text is parsed from scratch, which forgets the page's definitions.
    const elements = parser.textElements(definition.text);
    const backLinks: Element[] = [];
    for (let number = 1; number <= definition.count; number++) {
      if (number > 1) backLinks.push({ text: ' ' });
      backLinks.push({
        name: 'a',
        attributes: new Map([
          ['href', `#fnref${number}:${label}`],
          ['rev', 'footnote'],
          ['class', 'footnote-backref'],
        ]),
        rawHtml: '&#8617;',
        allowRawHtmlInSafeMode: true,
        autobreak: false,
      });
    }
    const last = elements[elements.length - 1];
    if (last !== undefined && last.name === 'p') {
      const { name: _name, ...lastText } = last;
      elements[elements.length - 1] = {
        name: 'p',
        elements: [lastText, { rawHtml: '&#160;', allowRawHtmlInSafeMode: true }, ...backLinks],
      };
    } else {
      elements.push({ name: 'p', elements: backLinks });
    }
    list.push({ name: 'li', attributes: new Map([['id', `fn:${label}`]]), elements });
  }
  return {
    name: 'div',
    attributes: new Map([['class', 'footnotes']]),
    elements: [{ name: 'hr' }, { name: 'ol', elements: list }],
  };
}
