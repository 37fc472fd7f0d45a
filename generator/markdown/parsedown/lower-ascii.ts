// PHP 8's strtolower: only A-Z are lowered, whatever the locale.

export function lowerAscii(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}
