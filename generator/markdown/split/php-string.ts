// PHP's trim, chop and strspn with a character list, as Parsedown's block rules use them.

/** PHP's default trim characters. */
export const PHP_WHITESPACE = ' \t\n\r\0\x0B';

export function chopCharacters(text: string, characters: string): string {
  let end = text.length;
  while (end > 0 && isOneOf(text.charCodeAt(end - 1), characters)) end -= 1;
  return end === text.length ? text : text.slice(0, end);
}

export function trimCharacters(text: string, characters: string): string {
  const chopped = chopCharacters(text, characters);
  let start = 0;
  while (start < chopped.length && isOneOf(chopped.charCodeAt(start), characters)) start += 1;
  return start === 0 ? chopped : chopped.slice(start);
}

function isOneOf(code: number, characters: string): boolean {
  for (let index = 0; index < characters.length; index++) if (characters.charCodeAt(index) === code) return true;
  return false;
}

/** PHP `strspn($text, $character)`: length of the leading run of one character. */
export function leadingRunLength(text: string, character: string): number {
  let length = 0;
  while (text.charAt(length) === character) length += 1;
  return length;
}
