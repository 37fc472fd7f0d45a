// Plain text of a rendered block's HTML, for the search index: tags dropped, entities decoded, spaces collapsed.

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', shy: '' };

function decodeEntity(entity: string, body: string): string {
  if (body.startsWith('#x') || body.startsWith('#X')) return codePoint(parseInt(body.slice(2), 16), entity);
  if (body.startsWith('#')) return codePoint(parseInt(body.slice(1), 10), entity);
  return NAMED_ENTITIES[body] ?? entity;
}

function codePoint(value: number, fallback: string): string {
  return Number.isInteger(value) && value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : fallback;
}

export function htmlText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (entity, body: string) => decodeEntity(entity, body))
    .replace(/\s+/g, ' ')
    .trim();
}
