// Turns what the S3 SDK throws into one line an operator can act on; never a stack trace, never a credential.
import { formatS3Location } from './s3-location.ts';
import type { S3Location } from './s3-location.ts';

interface SdkError {
  name?: string;
  code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

const EXPLANATIONS: Record<string, (where: string) => string> = {
  NoSuchBucket: (where) => `${where}: the bucket does not exist (create it first)`,
  InvalidAccessKeyId: (where) => `${where}: the store refused the access key (check AWS_ACCESS_KEY_ID)`,
  SignatureDoesNotMatch: (where) => `${where}: the store refused the credentials (check AWS_SECRET_ACCESS_KEY)`,
  AccessDenied: (where) => `${where}: access denied (the credentials lack permission for this bucket or prefix)`,
  Forbidden: (where) => `${where}: access denied (the credentials lack permission for this bucket or prefix)`,
  CredentialsProviderError: (where) => `${where}: no credentials (set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)`,
  ECONNREFUSED: (where) => `${where}: the store is unreachable (connection refused)`,
  ENOTFOUND: (where) => `${where}: the store's host name does not resolve`,
  ECONNRESET: (where) => `${where}: the store closed the connection`,
  TimeoutError: (where) => `${where}: the store did not answer in time`,
  ETIMEDOUT: (where) => `${where}: the store did not answer in time`,
  RequestTimeout: (where) => `${where}: the store did not answer in time`,
};

const STATUS_EXPLANATIONS: Record<number, string> = {
  403: 'access denied (check the credentials and their permissions)',
  404: 'not found',
};

function codeOf(error: SdkError & { cause?: SdkError; errors?: SdkError[] }): string | undefined {
  return error.code ?? error.cause?.code ?? error.errors?.[0]?.code ?? error.name;
}

/** One line naming the store location and what to fix. */
export function describeStoreError(error: unknown, location: S3Location): string {
  const where = formatS3Location(location);
  if (typeof error !== 'object' || error === null) return `${where}: ${String(error)}`;
  const sdkError = error as SdkError;
  const code = codeOf(sdkError);
  const explain = code === undefined ? undefined : EXPLANATIONS[code];
  if (explain !== undefined) return explain(where);
  const status = sdkError.$metadata?.httpStatusCode;
  if (status !== undefined && STATUS_EXPLANATIONS[status] !== undefined)
    return `${where}: ${STATUS_EXPLANATIONS[status]}`;
  const message = (sdkError.message ?? '').split('\n')[0] ?? '';
  return `${where}: ${message === '' || message === 'UnknownError' ? `${code ?? 'error'}${status ? ` (HTTP ${status})` : ''}` : message}`;
}

export function isNotFound(error: unknown): boolean {
  const sdkError = error as SdkError;
  return (
    sdkError?.name === 'NoSuchKey' ||
    sdkError?.name === 'NotFound' ||
    (sdkError?.$metadata?.httpStatusCode === 404 && sdkError?.name !== 'NoSuchBucket')
  );
}

export function isNotModified(error: unknown): boolean {
  const sdkError = error as SdkError;
  return sdkError?.name === 'NotModified' || sdkError?.$metadata?.httpStatusCode === 304;
}

/** An error from the store or the way to it (as opposed to a local file or a validation problem). */
export function isStoreError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const sdkError = error as SdkError;
  const code = codeOf(sdkError);
  return '$metadata' in sdkError || (code !== undefined && EXPLANATIONS[code] !== undefined);
}
