// Parsedown's two escapes: text keeps quotes (ENT_NOQUOTES), attribute values escape them too (ENT_QUOTES).

export function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

export function escapeAttributeValue(value: string): string {
  return escapeText(value).replaceAll('"', '&quot;').replaceAll("'", '&#039;');
}
