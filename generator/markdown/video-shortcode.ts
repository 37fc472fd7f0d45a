// The `video` shortcode of Typemill's MediaExtension: the exact multi-line <video> snippet, or "File not found".

import type { RenderOptions } from './render-env.ts';

export type ShortcodeParams = ReadonlyMap<string, string>;

const VIDEO_TYPES = new Set(['mp4', 'webm', 'ogg']);
const VALID_WIDTH = /^(\d+)(px|%)?$/;
const PRELOAD_VALUES = new Set(['auto', 'metadata']);

/** HTML for `[:video path=… :]`, or null when MediaExtension leaves the shortcode unhandled. */
export function renderVideo(params: ShortcodeParams, options: RenderOptions): string | null {
  const path = params.get('path');
  if (path === undefined) return null;
  const relativePath = trimSlashes(path);
  if (!options.fileExists(relativePath)) return '<p style="color:red">File not found</p>';

  const type = extensionOf(relativePath);
  if (!VIDEO_TYPES.has(type)) return null;
  const absoluteUrl = `${options.baseUrl}/${relativePath}`;
  const requestedWidth = params.get('width') ?? '500';
  const width = VALID_WIDTH.test(requestedWidth) ? requestedWidth : '500';
  const requestedPreload = params.get('preload') ?? '';
  const preload = PRELOAD_VALUES.has(requestedPreload) ? requestedPreload : 'none';
  const posterPath = params.has('poster') ? trimSlashes(params.get('poster') ?? '') : undefined;
  const poster =
    posterPath !== undefined && options.fileExists(posterPath) ? ` poster="${options.baseUrl}/${posterPath}"` : '';

  const indent = (width: number): string => ' '.repeat(width);
  return [
    '<video ',
    `${indent(28)}controls `,
    `${indent(28)}width = "${width}" `,
    `${indent(28)}preload = "${preload}"`,
    `${indent(28)}${poster}`,
    `${indent(28)}class = "center"`,
    `${indent(24)}>`,
    `${indent(26)}<source src="${absoluteUrl}" type="video/${type}" />`,
    `${indent(26)}Download the`,
    `${indent(26)}<a href="${absoluteUrl}">${type}</a>`,
    `${indent(26)}video.`,
    `${indent(24)}</video>`,
  ].join('\n');
}

function trimSlashes(path: string): string {
  return path.replace(/^\/+|\/+$/g, '');
}

/** PHP pathinfo() extension, lower-cased: after the last dot of the last path segment. */
function extensionOf(path: string): string {
  const baseName = path.slice(path.lastIndexOf('/') + 1);
  const dot = baseName.lastIndexOf('.');
  return dot === -1 ? '' : baseName.slice(dot + 1).toLowerCase();
}
