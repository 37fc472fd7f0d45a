// PHP's trim, chop and strspn with a character list, as Parsedown's block rules use them.

/** PHP's default trim characters. */
export const PHP_WHITESPACE = ' \t\n\r\0\x0B';

export function chopCharacters(text: string, characters: string): string {
  let end = text.length;
  while (end > 0 && characters.includes(text.charAt(end - 1))) end -= 1;
  return text.slice(0, end);
}

export function trimCharacters(text: string, characters: string): string {
  const chopped = chopCharacters(text, characters);
  let start = 0;
  while (start < chopped.length && characters.includes(chopped.charAt(start))) start += 1;
  return chopped.slice(start);
}

/** PHP `strspn($text, $character)`: length of the leading run of one character. */
export function leadingRunLength(text: string, character: string): number {
  let length = 0;
  while (text.charAt(length) === character) length += 1;
  return length;
}
