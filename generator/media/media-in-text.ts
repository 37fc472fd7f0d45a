// Typemill's findMediaInText: the media paths a page's text names, in the order they appear.

/** `[^\n]` is PCRE's `.` without the s flag (JavaScript's `.` also stops at \r). */
const MEDIA_IN_TEXT = /media\/(?:live|files)\/([^\n]+?\.[a-zA-Z]{2,4})/g;

export function mediaInText(text: string): string[] {
  return [...text.matchAll(MEDIA_IN_TEXT)].map((match) => match[1] ?? '');
}
