import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

const S3 = {
  SPINYARD_STORAGE: 's3',
  SPINYARD_S3_BUCKET: 'spinyard-media',
};

function configError(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('blob storage configuration', () => {
  it('keeps blobs on disk under the data folder by default', () => {
    const config = loadConfig({ SPINYARD_DATA_DIR: '/srv/spinyard' });
    expect(config.storage).toEqual({ kind: 'disk', dir: path.join('/srv/spinyard', 'media') });
  });

  it('reads every S3 setting', () => {
    const config = loadConfig({
      ...S3,
      SPINYARD_S3_ENDPOINT: 'https://s3.example.test',
      SPINYARD_S3_REGION: 'ap-northeast-1',
      SPINYARD_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      SPINYARD_S3_SECRET_ACCESS_KEY: 'secret',
      SPINYARD_S3_FORCE_PATH_STYLE: 'true',
      SPINYARD_S3_PREFIX: 'production/',
    });
    expect(config.storage).toEqual({
      kind: 's3',
      bucket: 'spinyard-media',
      region: 'ap-northeast-1',
      endpoint: 'https://s3.example.test',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret' },
      prefix: 'production/',
    });
  });

  it('leaves S3 defaults to the SDK where the settings are absent', () => {
    expect(loadConfig(S3).storage).toEqual({
      kind: 's3',
      bucket: 'spinyard-media',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
      prefix: undefined,
    });
  });

  it.each([
    ['S3 without a bucket', { SPINYARD_STORAGE: 's3' }, 'SPINYARD_S3_BUCKET is required with SPINYARD_STORAGE=s3'],
    ['S3 with an empty bucket', { ...S3, SPINYARD_S3_BUCKET: '' }, 'SPINYARD_S3_BUCKET is required'],
    ['a bucket with disk storage', { SPINYARD_S3_BUCKET: 'media' }, 'SPINYARD_S3_BUCKET is set but SPINYARD_STORAGE'],
    ['an unknown storage', { SPINYARD_STORAGE: 'gcs' }, 'SPINYARD_STORAGE'],
    ['a key id without its secret', { ...S3, SPINYARD_S3_ACCESS_KEY_ID: 'AKIA' }, 'go together'],
    ['a secret without its key id', { ...S3, SPINYARD_S3_SECRET_ACCESS_KEY: 's' }, 'go together'],
    ['an endpoint that is not a URL', { ...S3, SPINYARD_S3_ENDPOINT: 'minio:9000' }, 'SPINYARD_S3_ENDPOINT'],
    ['a bucket name with a slash', { ...S3, SPINYARD_S3_BUCKET: 'a/b' }, 'SPINYARD_S3_BUCKET: not a bucket name'],
    ['an absolute prefix', { ...S3, SPINYARD_S3_PREFIX: '/media' }, 'SPINYARD_S3_PREFIX'],
    ['a prefix climbing up', { ...S3, SPINYARD_S3_PREFIX: 'a/../b' }, 'SPINYARD_S3_PREFIX'],
    ['a path-style flag that is not a boolean', { ...S3, SPINYARD_S3_FORCE_PATH_STYLE: 'maybe' }, 'FORCE_PATH_STYLE'],
  ])('refuses %s, naming the variable', (_label, env, message) => {
    expect(configError(env)).toContain(message);
  });

  it('stops `spinyard` before it starts anything when S3 is chosen without a bucket', () => {
    const bin = fileURLToPath(new URL('../../bin/spinyard.mjs', import.meta.url));
    // `migrate` would open a database; a refused configuration must stop before that.
    const run = spawnSync(process.execPath, [bin, 'migrate'], {
      env: { PATH: process.env.PATH, SPINYARD_STORAGE: 's3', SPINYARD_DATA_DIR: '/nonexistent/spinyard-config-test' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('SPINYARD_S3_BUCKET: SPINYARD_S3_BUCKET is required with SPINYARD_STORAGE=s3');
  });
});
