// A staged body kept by its sizes alone once its files are written: their names follow from its hash (bodyFile), so
// a 40,000-page build keeps three numbers per body, not three file objects and their names (docs/performance.md: Scale).
import { bodyFile } from '../../contract/dist-folder.ts';
import type { StagedBody } from './staged-body.ts';

/** The sizes of a body's files; -1 where it has no such compressed copy. */
export interface BodySizes {
  identity: number;
  gzip: number;
  br: number;
}

/** The sizes of `body`, or undefined where a file of it is not named as bodyFile names it (kept whole then). */
export function sizesOf(body: StagedBody): BodySizes | undefined {
  const named =
    body.identity.file === bodyFile(body.hash) &&
    (body.gzip === undefined || body.gzip.file === bodyFile(body.hash, 'gzip')) &&
    (body.br === undefined || body.br.file === bodyFile(body.hash, 'br'));
  return named ? { identity: body.identity.size, gzip: body.gzip?.size ?? -1, br: body.br?.size ?? -1 } : undefined;
}

/** The body of `hash` whose files have `sizes`: equal to the one sizesOf took them from. */
export function bodyOfSizes(hash: string, sizes: BodySizes): StagedBody {
  return {
    hash,
    identity: { file: bodyFile(hash), size: sizes.identity },
    ...(sizes.gzip >= 0 ? { gzip: { file: bodyFile(hash, 'gzip'), size: sizes.gzip } } : {}),
    ...(sizes.br >= 0 ? { br: { file: bodyFile(hash, 'br'), size: sizes.br } } : {}),
  };
}
