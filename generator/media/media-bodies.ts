// The pure part of media: the bodies of Typemill's six media endpoints and the list of media files to store, from
// what scan-media.ts found (docs/typemill.md: Media).
import { ROLES } from '../../contract/snapshot.ts';
import type { Restriction } from '../../contract/snapshot.ts';
import { KEYS, keyOf } from '../../contract/endpoints.ts';
import type { KeyKind } from '../../contract/endpoints.ts';
import { encodePhpJson } from '../php/php-json.ts';
import { parseYaml, isRecord } from '../load/yaml.ts';
import { BuildError } from '../types.ts';
import type { BuildProblem, BuiltResponse } from '../types.ts';
import { imageSize } from './image-size.ts';
import { mediaInText } from './media-in-text.ts';
import { RESTRICTIONS_FILE } from './scan-media.ts';
import type { MediaFile, MediaFolder, MediaObject, MediaSource } from '../types.ts';

/** What pagemedia reads of a page: its draft (else live) markdown and its meta YAML, as text; `markdownMedia` in place
 *  of the markdown where the plan kept only what it names (plan/parse-sources.ts). */
export interface PageTexts {
  pathWithoutType: string;
  markdown: string;
  markdownMedia?: readonly string[];
  meta: string;
}

export interface MediaPlan {
  responses: BuiltResponse[];
  objects: MediaObject[];
  errors: BuildProblem[];
  warnings: BuildProblem[];
}

const FILE_KEYS: Record<MediaFolder, KeyKind> = {
  live: KEYS.mediaLive,
  thumbs: KEYS.mediaThumbs,
  files: KEYS.mediaFiles,
};
const RESTRICTIONS_PATH = `media/files/${RESTRICTIONS_FILE}`;

const seconds = (file: MediaFile) => Math.floor(file.mtimeMs / 1000);

/** Helpers::array_sort(…, 'timestamp', SORT_DESC): newest first, equal times in folder order (PHP 8 sorts stably). */
function newestFirst<T extends { timestamp: number }>(list: T[]): T[] {
  return list
    .map((item, position) => ({ item, position }))
    .sort((left, right) => right.item.timestamp - left.item.timestamp || left.position - right.position)
    .map(({ item }) => item);
}

/** PHP's pathinfo of a file in media/files, with the folder instead of the server path
 *  (docs/typemill.md: Media bodies never show a server path). */
function pathInfo(name: string): Record<string, string> {
  const dot = name.lastIndexOf('.');
  return dot < 0
    ? { dirname: 'media/files', basename: name, filename: name }
    : { dirname: 'media/files', basename: name, extension: name.slice(dot + 1), filename: name.slice(0, dot) };
}

function imageDetails(file: MediaFile) {
  const size = imageSize(file.head ?? new Uint8Array());
  const isSvg =
    size === undefined && file.name.slice(file.name.lastIndexOf('.') + 1) === 'svg' && file.name.includes('.');
  return {
    name: file.name,
    timestamp: seconds(file),
    bytes: file.size,
    width: isSvg ? '---' : (size?.width ?? null),
    height: isSvg ? '---' : (size?.height ?? null),
    type: isSvg ? 'svg' : (size?.mime ?? null),
    src_thumb: `media/thumbs/${file.name}`,
    src_live: `media/live/${file.name}`,
  };
}

function imageResponses(files: MediaFile[]): BuiltResponse[] {
  const thumbs = files
    .filter((file) => file.folder === 'thumbs')
    .map((file) => ({
      name: file.name,
      timestamp: seconds(file),
      src_thumb: `media/thumbs/${file.name}`,
      src_live: `media/live/${file.name}`,
    }));
  return [
    { key: keyOf(KEYS.images), body: encodePhpJson({ images: newestFirst(thumbs) }) },
    ...files
      .filter((file) => file.folder === 'live')
      .map((file) => ({ key: keyOf(KEYS.image, file.name), body: encodePhpJson({ image: imageDetails(file) }) })),
  ];
}

function fileResponses(files: MediaFile[]): BuiltResponse[] {
  const entries = newestFirst(
    files
      .filter((file) => file.folder === 'files')
      .map((file) => ({
        name: file.name,
        timestamp: seconds(file),
        bytes: file.size,
        info: pathInfo(file.name),
        url: `media/files/${file.name}`,
      })),
  );
  return [
    { key: keyOf(KEYS.files), body: encodePhpJson({ files: entries }) },
    ...entries.map((entry) => ({ key: keyOf(KEYS.file, entry.name), body: encodePhpJson({ file: entry }) })),
  ];
}

/** A page's pagemedia answer: the media paths its texts name, in the order they appear. */
export function pageMediaResponse(page: PageTexts): BuiltResponse {
  const inMarkdown = page.markdownMedia ?? mediaInText(page.markdown);
  return {
    key: keyOf(KEYS.pageMedia, page.pathWithoutType),
    body: encodePhpJson({ pagemedia: [...inMarkdown, ...mediaInText(page.meta)] }),
  };
}

function readRestrictions(text: string | undefined, errors: BuildProblem[]): Record<string, unknown> {
  if (text === undefined) return {};
  try {
    const value = parseYaml(text, RESTRICTIONS_PATH);
    if (value === null || value === undefined || value === '') return {};
    if (isRecord(value)) return value;
    errors.push({ file: RESTRICTIONS_PATH, message: 'expected a map of file paths (media/files/name) to roles' });
  } catch (error) {
    errors.push(error instanceof BuildError ? error.problem : { file: RESTRICTIONS_PATH, message: String(error) });
  }
  return {};
}

/** A role that is not a non-empty string lets only the administrator through, as Typemill's comparison would. */
function restrictionOf(value: unknown): Restriction {
  return { role: typeof value === 'string' && value !== '' ? value : 'administrator' };
}

function restrictionResponses(restrictions: Record<string, unknown>): BuiltResponse[] {
  const body = (restriction: unknown) => encodePhpJson({ userroles: ROLES, restriction });
  return [
    { key: keyOf(KEYS.noFileRestriction), body: body('all') },
    ...Object.entries(restrictions).map(([filename, role]) => ({
      key: keyOf(KEYS.fileRestriction, filename),
      body: body(role),
    })),
  ];
}

export function planMedia(media: MediaSource | undefined, pages: readonly PageTexts[]): MediaPlan {
  const source = media ?? { files: [], warnings: [] };
  const errors: BuildProblem[] = [];
  const restrictions = readRestrictions(source.restrictions, errors);
  const objects = source.files.map((file): MediaObject => {
    const restricted = file.folder === 'files' ? restrictions[`media/files/${file.name}`] : undefined;
    return {
      key: keyOf(FILE_KEYS[file.folder], file.name),
      path: file.path,
      ...(restricted === undefined ? {} : { restriction: restrictionOf(restricted) }),
    };
  });
  return {
    responses: [
      ...imageResponses(source.files),
      ...fileResponses(source.files),
      ...pages.map(pageMediaResponse),
      ...restrictionResponses(restrictions),
    ],
    objects,
    errors,
    warnings: source.warnings,
  };
}
