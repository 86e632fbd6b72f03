import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { usableBinary } from '../../src/platform/media/ffmpeg.ts';

// ffprobe's npm tarball ships without the execute bit: installed by root and run by a service user (or installed
// with scripts off), the server must still be able to run it.
describe('a packaged binary without the execute bit', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'spinyard-binary-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is run from an executable private copy, made once', () => {
    const file = path.join(dir, 'tool');
    writeFileSync(file, '#!/bin/sh\necho ran\n');
    chmodSync(file, 0o644);
    const usable = usableBinary(file);
    expect(usable).toBeDefined();
    expect(usable).not.toBe(file);
    expect(execFileSync(usable as string, { encoding: 'utf8' })).toBe('ran\n');
    expect(usableBinary(file)).toBe(usable);
  });

  it('is used as it is when it can be run', () => {
    const file = path.join(dir, 'runnable');
    writeFileSync(file, '#!/bin/sh\necho ok\n');
    chmodSync(file, 0o755);
    expect(usableBinary(file)).toBe(file);
  });

  it('is undefined when it cannot even be read', () => {
    expect(usableBinary(path.join(dir, 'missing'))).toBeUndefined();
  });
});
