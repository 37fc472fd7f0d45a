// Test helper: a real S3-compatible server (s3rver) as a child process on an ephemeral loopback port, plus an SDK
// client for it.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createStoreClient } from '../../storage/s3-client.ts';
import type { Store } from '../../storage/store-objects.ts';
import { watchChild } from '../helpers/child-bound.ts';

const S3RVER = fileURLToPath(new URL('../../node_modules/s3rver/bin/s3rver.js', import.meta.url));
const TMP = fileURLToPath(new URL('../.tmp/', import.meta.url));
export const BUCKET = 'snapi-test';

// s3rver accepts exactly this key pair; setting it here also keeps the SDK from looking for credentials elsewhere.
process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
process.env.AWS_REGION = 'us-east-1';
process.env.AWS_EC2_METADATA_DISABLED = 'true';
delete process.env.AWS_ENDPOINT_URL;
delete process.env.AWS_PROFILE;

export interface S3Server {
  endpoint: string;
  port: number;
  directory: string;
  /** A client that retries little and times out fast, as tests want. */
  store: Store;
  stop(): Promise<void>;
  /** Starts the server again on the same port with the same data. */
  restart(): Promise<void>;
  /** Stops it for good and removes its data. */
  remove(): Promise<void>;
}

const running = new Set<ChildProcess>();
// A test run that ends early must not leave servers behind.
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function launch(directory: string, port: number): Promise<{ child: ChildProcess; port: number }> {
  // Listings over 1,000 keys fail on Node >= 17 without the legacy OpenSSL provider (s3rver 3.7.1 uses MD4-era
  // hashing).
  const child = spawn(
    process.execPath,
    [
      '--openssl-legacy-provider',
      S3RVER,
      '-d',
      directory,
      '-a',
      '127.0.0.1',
      '-p',
      String(port),
      '--configure-bucket',
      BUCKET,
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  running.add(child);
  child.once('exit', () => running.delete(child));
  return new Promise((resolve, reject) => {
    let output = '';
    // Bounded by its progress while it starts (test/helpers/child-bound.ts); killed past the bound.
    const watch = watchChild(
      child,
      {},
      { onExpired: (reason) => reject(new Error(`s3rver did not start: it ${reason}: ${output}`)) },
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      watch.progressed();
      const match = /listening on 127\.0\.0\.1:(\d+)/.exec(output);
      if (match) {
        watch.stop();
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        child.stderr?.resume();
        resolve({ child, port: Number(match[1]) });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      watch.stop();
      reject(new Error(`s3rver exited with ${code}: ${output}`));
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

export async function startS3Server(name: string): Promise<S3Server> {
  await mkdir(TMP, { recursive: true });
  const directory = await mkdtemp(join(TMP, `s3-${name}-`));
  let running = await launch(directory, 0);
  const port = running.port;
  const endpoint = `http://127.0.0.1:${port}`;
  const client = createStoreClient({ endpoint, region: 'us-east-1', maxAttempts: 2, requestTimeoutMs: 5_000 });
  return {
    endpoint,
    port,
    directory,
    store: { client, bucket: BUCKET },
    stop: () => stopChild(running.child),
    restart: async () => {
      await stopChild(running.child);
      running = await launch(directory, port);
    },
    remove: async () => {
      await stopChild(running.child);
      client.destroy();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
