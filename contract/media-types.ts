// Content types of media files by extension, and which types a browser could run scripts in.

export interface MediaType {
  type: string;
  /** A document a browser renders with scripts (SVG, HTML, XML): served with a CSP that forbids them. */
  active?: true;
}

const DEFAULT_TYPE: MediaType = { type: 'application/octet-stream' };

const TYPES: Readonly<Record<string, MediaType>> = {
  png: { type: 'image/png' },
  jpg: { type: 'image/jpeg' },
  jpeg: { type: 'image/jpeg' },
  gif: { type: 'image/gif' },
  webp: { type: 'image/webp' },
  avif: { type: 'image/avif' },
  bmp: { type: 'image/bmp' },
  ico: { type: 'image/vnd.microsoft.icon' },
  tif: { type: 'image/tiff' },
  tiff: { type: 'image/tiff' },
  svg: { type: 'image/svg+xml', active: true },
  pdf: { type: 'application/pdf' },
  zip: { type: 'application/zip' },
  gz: { type: 'application/gzip' },
  tar: { type: 'application/x-tar' },
  '7z': { type: 'application/x-7z-compressed' },
  epub: { type: 'application/epub+zip' },
  txt: { type: 'text/plain; charset=utf-8' },
  md: { type: 'text/markdown; charset=utf-8' },
  csv: { type: 'text/csv; charset=utf-8' },
  toml: { type: 'application/toml' },
  json: { type: 'application/json' },
  yaml: { type: 'application/yaml' },
  yml: { type: 'application/yaml' },
  xml: { type: 'application/xml', active: true },
  html: { type: 'text/html; charset=utf-8', active: true },
  htm: { type: 'text/html; charset=utf-8', active: true },
  xhtml: { type: 'application/xhtml+xml', active: true },
  mp3: { type: 'audio/mpeg' },
  ogg: { type: 'audio/ogg' },
  wav: { type: 'audio/wav' },
  mp4: { type: 'video/mp4' },
  webm: { type: 'video/webm' },
  doc: { type: 'application/msword' },
  docx: { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xls: { type: 'application/vnd.ms-excel' },
  xlsx: { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  ppt: { type: 'application/vnd.ms-powerpoint' },
  pptx: { type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  odt: { type: 'application/vnd.oasis.opendocument.text' },
  ods: { type: 'application/vnd.oasis.opendocument.spreadsheet' },
};

/** By the extension after the last dot, in any case; unknown or none: application/octet-stream. */
export function mediaTypeOf(name: string): MediaType {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? DEFAULT_TYPE : (TYPES[name.slice(dot + 1).toLowerCase()] ?? DEFAULT_TYPE);
}
