// A heading's id as Typemill makes it: `h-` + URLify slug of the whole line, hashes included.

import { slugify } from '../../slugify.ts';

export function headingId(line: string, langattr: string): string {
  return `h-${slugify(line, langattr)}`;
}
