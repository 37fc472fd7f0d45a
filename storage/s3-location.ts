// `s3://BUCKET/PREFIX` as the command lines take it, checked once at start.

export interface S3Location {
  bucket: string;
  /** Without leading or trailing slash; `` for the bucket root. */
  prefix: string;
}

/** S3's bucket naming rules (3–63 lower-case letters, digits, dots, hyphens), which R2 and MinIO share. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

export function parseS3Location(value: string, flag: string): S3Location {
  const match = /^s3:\/\/([^/]+)(?:\/(.*))?$/.exec(value);
  if (match === null) throw new Error(`${flag} "${value}" is not an s3://BUCKET/PREFIX address`);
  const bucket = match[1] ?? '';
  if (!BUCKET_NAME.test(bucket)) throw new Error(`${flag} "${value}": "${bucket}" is not a valid bucket name`);
  const prefix = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix.split('/').some((segment) => segment === '' || segment === '.' || segment === '..') && prefix !== '') {
    throw new Error(`${flag} "${value}": the prefix "${prefix}" has an empty, "." or ".." segment`);
  }
  return { bucket, prefix };
}

export function formatS3Location(location: S3Location): string {
  return `s3://${location.bucket}/${location.prefix}`;
}
