// Builds the S3 client both commands use: standard AWS environment, path-style for non-AWS endpoints, bounded retries
// and timeouts.
import { S3Client } from '@aws-sdk/client-s3';

export interface StoreOptions {
  /** `--endpoint`, else `AWS_ENDPOINT_URL`; absent means AWS itself. */
  endpoint?: string | undefined;
  /** `--region`, else `AWS_REGION`, else us-east-1 (R2 wants `auto`, MinIO ignores it). */
  region?: string | undefined;
  /** Attempts per request including the first; the SDK backs off exponentially with jitter on 5xx, throttling and
   *  network errors. */
  maxAttempts?: number;
  /** No response within this many milliseconds counts as a failed attempt. */
  requestTimeoutMs?: number;
}

const DEFAULT_ATTEMPTS = 5;
const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
const CONNECT_TIMEOUT_MS = 5_000;

export function endpointFrom(options: StoreOptions, environment: NodeJS.ProcessEnv): string | undefined {
  const endpoint = options.endpoint ?? environment.AWS_ENDPOINT_URL;
  if (endpoint === undefined || endpoint === '') return undefined;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new Error(`--endpoint "${endpoint}" is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`--endpoint "${endpoint}" must start with http:// or https://`);
  return endpoint;
}

/** An explicit AWS endpoint (a region's or a FIPS one) keeps AWS's virtual-hosted addressing. */
function isAwsEndpoint(endpoint: string): boolean {
  return /(^|\.)amazonaws\.com(\.cn)?$/.test(new URL(endpoint).hostname);
}

export function createStoreClient(options: StoreOptions, environment: NodeJS.ProcessEnv = process.env): S3Client {
  // The pinned SDK supports Node 20; its notice about later SDK releases would break the one-line output of both
  // commands.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const endpoint = endpointFrom(options, environment);
  const accessKeyId = environment.AWS_ACCESS_KEY_ID;
  const secretAccessKey = environment.AWS_SECRET_ACCESS_KEY;
  return new S3Client({
    // Keys in the given environment are used as they are; otherwise the SDK's chain (profiles, roles) finds them.
    ...(accessKeyId && secretAccessKey
      ? {
          credentials: {
            accessKeyId,
            secretAccessKey,
            ...(environment.AWS_SESSION_TOKEN ? { sessionToken: environment.AWS_SESSION_TOKEN } : {}),
          },
        }
      : {}),
    region: options.region ?? environment.AWS_REGION ?? environment.AWS_DEFAULT_REGION ?? 'us-east-1',
    // Other stores (R2, MinIO, Ceph) are addressed by path: their bucket names need no DNS entry.
    ...(endpoint === undefined ? {} : { endpoint, forcePathStyle: !isAwsEndpoint(endpoint) }),
    maxAttempts: options.maxAttempts ?? DEFAULT_ATTEMPTS,
    retryMode: 'standard',
    requestHandler: {
      connectionTimeout: CONNECT_TIMEOUT_MS,
      requestTimeout: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
      throwOnRequestTimeout: true,
    },
    // Checksums only where the store requires them: several S3-compatible stores reject the newer default trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
