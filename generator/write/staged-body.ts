// A body the build has written to the pool, named by its content hash, and the index entry answering with it: a leaf,
// shared by the writers of bodies, media and index entries.
import { etagOf } from '../../contract/etag.ts';
import type { IndexEntry, Restriction, StoredFile } from '../../contract/snapshot.ts';

export interface StagedBody {
  hash: string;
  identity: StoredFile;
  gzip?: StoredFile;
  br?: StoredFile;
}

/** The index entry answering with `body`: its files, its ETag and who may read it. */
export function indexEntryOf(body: StagedBody, restriction: Restriction | undefined): IndexEntry {
  return {
    ...body.identity,
    etag: etagOf(body.hash),
    ...(body.gzip ? { gzip: body.gzip } : {}),
    ...(body.br ? { br: body.br } : {}),
    ...(restriction ? { restriction } : {}),
  };
}
