import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's fixed account. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface LocalS3 {
  endpoint: string;
  /** A client with the same settings as the store's, for looking at the bucket from outside the store. */
  client: S3Client;
  createBucket(name: string): Promise<void>;
  close(): Promise<void>;
}

/** A local server speaking the S3 protocol, on a free loopback port, keeping its objects in a temporary folder. */
export async function startLocalS3(): Promise<LocalS3> {
  const dir = await mkdtemp(path.join(tmpdir(), 'spinyard-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory: dir, silent: true });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    endpoint,
    client,
    async createBucket(name) {
      await client.send(new CreateBucketCommand({ Bucket: name }));
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
