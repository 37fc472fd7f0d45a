// The few object operations snapi needs, over @aws-sdk/client-s3: get (conditional), head, put, list, delete.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { isNotFound, isNotModified } from './store-error.ts';

export interface Store {
  client: S3Client;
  bucket: string;
}

export type Fetched =
  | { kind: 'found'; bytes: Buffer; etag: string | undefined }
  | { kind: 'not-modified' }
  | { kind: 'not-found' };

export interface ListedObject {
  key: string;
  size: number;
  lastModified: number;
  /** Without quotes; see StoredHead.etag. */
  etag: string | undefined;
}

const unquoted = (etag: string | undefined) => etag?.replace(/^(W\/)?"|"$/g, '');

export async function getObject(store: Store, key: string, ifNoneMatch?: string): Promise<Fetched> {
  try {
    const output = await store.client.send(
      new GetObjectCommand({ Bucket: store.bucket, Key: key, ...(ifNoneMatch ? { IfNoneMatch: ifNoneMatch } : {}) }),
    );
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

/** User metadata (`x-amz-meta-sha256`) carrying the SHA-256 of the bytes put, so a later upload can check by HEAD. */
export const SHA256_METADATA = 'sha256';

/** Objects larger than this are streamed to and from disk (large media), never held whole in memory. */
export const STREAMED_OBJECT_BYTES = 8 * 1024 * 1024;

/** A body read from disk while it is sent, for objects too large to hold in memory; its digests are known already. */
export interface StreamedBody {
  open: () => Readable;
  size: number;
  /** Hex digests of the whole body. */
  md5: string;
  sha256: string;
}

export async function putObject(
  store: Store,
  key: string,
  body: Uint8Array | StreamedBody,
  metadata: PutMetadata,
): Promise<void> {
  const streamed = !(body instanceof Uint8Array);
  await store.client.send(
    new PutObjectCommand({
      Bucket: store.bucket,
      Key: key,
      Body: streamed ? body.open() : body,
      ContentLength: streamed ? body.size : body.byteLength,
      // The store refuses a body that arrives other than sent, so what the metadata names is what it holds.
      ContentMD5: streamed
        ? Buffer.from(body.md5, 'hex').toString('base64')
        : createHash('md5').update(body).digest('base64'),
      Metadata: { [SHA256_METADATA]: streamed ? body.sha256 : createHash('sha256').update(body).digest('hex') },
      ContentType: metadata.contentType,
      CacheControl: metadata.cacheControl,
      ...(metadata.contentEncoding ? { ContentEncoding: metadata.contentEncoding } : {}),
    }),
  );
}

/** Writes an object to `path` as it arrives, returning its size and SHA-256; `not-found` when there is none. */
export async function downloadObject(
  store: Store,
  key: string,
  path: string,
): Promise<{ size: number; sha256: string } | 'not-found'> {
  let body: Readable;
  try {
    const output = await store.client.send(new GetObjectCommand({ Bucket: store.bucket, Key: key }));
    body = output.Body as Readable;
  } catch (error) {
    if (isNotFound(error)) return 'not-found';
    throw error;
  }
  const hash = createHash('sha256');
  let size = 0;
  await pipeline(
    body,
    async function* hashing(source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        hash.update(chunk);
        size += chunk.length;
        yield chunk;
      }
    },
    createWriteStream(path),
  );
  return { size, sha256: hash.digest('hex') };
}

/** What a HEAD tells about a stored object: enough to judge its content without downloading it. */
export interface StoredHead {
  size: number;
  /** Without quotes; the MD5 of the bytes (hex) for single-part uploads on most stores, something else otherwise. */
  etag: string | undefined;
  contentType: string | undefined;
  contentEncoding: string | undefined;
  cacheControl: string | undefined;
  /** The `x-amz-meta-sha256` an upload wrote; absent on objects others (or an older snapi) put. */
  sha256: string | undefined;
}

export async function headObject(store: Store, key: string): Promise<StoredHead | undefined> {
  try {
    const output = await store.client.send(new HeadObjectCommand({ Bucket: store.bucket, Key: key }));
    return {
      size: output.ContentLength ?? 0,
      etag: unquoted(output.ETag),
      contentType: output.ContentType,
      contentEncoding: output.ContentEncoding,
      cacheControl: output.CacheControl,
      sha256: output.Metadata?.[SHA256_METADATA],
    };
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/** Every object under `prefix` (paged); with a delimiter, also the "folders" one level down. */
export async function listObjects(
  store: Store,
  prefix: string,
  delimiter?: string,
): Promise<{ objects: ListedObject[]; folders: string[] }> {
  const objects: ListedObject[] = [];
  const folders: string[] = [];
  let token: string | undefined;
  do {
    const page = await store.client.send(
      new ListObjectsV2Command({
        Bucket: store.bucket,
        Prefix: prefix,
        ...(delimiter ? { Delimiter: delimiter } : {}),
        ...(token ? { ContinuationToken: token } : {}),
      }),
    );
    for (const item of page.Contents ?? []) {
      if (item.Key !== undefined)
        objects.push({
          key: item.Key,
          size: item.Size ?? 0,
          lastModified: item.LastModified?.getTime() ?? 0,
          etag: unquoted(item.ETag),
        });
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
    const output = await store.client.send(
      new DeleteObjectsCommand({
        Bucket: store.bucket,
        Delete: { Objects: batch.map((key) => ({ Key: key })), Quiet: true },
      }),
    );
    const failure = output.Errors?.[0];
    if (failure !== undefined)
      throw new Error(
        `cannot delete ${failure.Key ?? 'an object'}: ${failure.Message ?? failure.Code ?? 'unknown error'}`,
      );
  }
}
