// The few object operations snapi needs, over @aws-sdk/client-s3: get (conditional), put, list, delete.
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { isNotFound, isNotModified } from './store-error.ts';

export interface Store {
  client: S3Client;
  bucket: string;
}

export type Fetched = { kind: 'found'; bytes: Buffer; etag: string | undefined } | { kind: 'not-modified' } | { kind: 'not-found' };

export interface ListedObject {
  key: string;
  size: number;
  lastModified: number;
}

export async function getObject(store: Store, key: string, ifNoneMatch?: string): Promise<Fetched> {
  try {
    const output = await store.client.send(new GetObjectCommand({ Bucket: store.bucket, Key: key, ...(ifNoneMatch ? { IfNoneMatch: ifNoneMatch } : {}) }));
    if (output.Body === undefined) return { kind: 'found', bytes: Buffer.alloc(0), etag: output.ETag };
    return { kind: 'found', bytes: Buffer.from(await output.Body.transformToByteArray()), etag: output.ETag };
  } catch (error) {
    if (isNotModified(error)) return { kind: 'not-modified' };
    if (isNotFound(error)) return { kind: 'not-found' };
    throw error;
  }
}

export interface PutMetadata {
  contentType: string;
  contentEncoding?: string | undefined;
  cacheControl: string;
}

export async function putObject(store: Store, key: string, bytes: Uint8Array, metadata: PutMetadata): Promise<void> {
  await store.client.send(new PutObjectCommand({
    Bucket: store.bucket, Key: key, Body: bytes, ContentLength: bytes.byteLength,
    ContentType: metadata.contentType, CacheControl: metadata.cacheControl,
    ...(metadata.contentEncoding ? { ContentEncoding: metadata.contentEncoding } : {}),
  }));
}

/** Every object under `prefix` (paged); with a delimiter, also the "folders" one level down. */
export async function listObjects(store: Store, prefix: string, delimiter?: string): Promise<{ objects: ListedObject[]; folders: string[] }> {
  const objects: ListedObject[] = [];
  const folders: string[] = [];
  let token: string | undefined;
  do {
    const page = await store.client.send(new ListObjectsV2Command({
      Bucket: store.bucket, Prefix: prefix, ...(delimiter ? { Delimiter: delimiter } : {}), ...(token ? { ContinuationToken: token } : {}),
    }));
    for (const item of page.Contents ?? []) {
      if (item.Key !== undefined) objects.push({ key: item.Key, size: item.Size ?? 0, lastModified: item.LastModified?.getTime() ?? 0 });
    }
    for (const folder of page.CommonPrefixes ?? []) if (folder.Prefix !== undefined) folders.push(folder.Prefix);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token !== undefined);
  return { objects, folders };
}

const DELETE_BATCH = 1000;

export async function deleteObjects(store: Store, keys: readonly string[]): Promise<void> {
  for (let start = 0; start < keys.length; start += DELETE_BATCH) {
    const batch = keys.slice(start, start + DELETE_BATCH);
    const output = await store.client.send(new DeleteObjectsCommand({
      Bucket: store.bucket, Delete: { Objects: batch.map((key) => ({ Key: key })), Quiet: true },
    }));
    const failure = output.Errors?.[0];
    if (failure !== undefined) throw new Error(`cannot delete ${failure.Key ?? 'an object'}: ${failure.Message ?? failure.Code ?? 'unknown error'}`);
  }
}
