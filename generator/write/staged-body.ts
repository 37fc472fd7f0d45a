// A body the build has written to the pool, named by its content hash: a leaf, shared by the writers of bodies and media.
import type { StoredFile } from '../../contract/snapshot.ts';

export interface StagedBody {
  hash: string;
  identity: StoredFile;
  gzip?: StoredFile;
  br?: StoredFile;
}
