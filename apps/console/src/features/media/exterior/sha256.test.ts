import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HASH_SLICE_BYTES, Sha256, sha256OfBlob } from './sha256.ts';

/** The page's streaming SHA-256 gives the server's (node:crypto) digest, whatever the sizes and the slicing. */

const node = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

describe('SHA-256 by slices', () => {
  it('gives the same digest as node:crypto at every padding edge', () => {
    for (const size of [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000]) {
      const data = new Uint8Array(randomBytes(size));
      expect(new Sha256().update(data).hex(), `${size} bytes`).toBe(node(data));
    }
  });

  it('hashes a file larger than a slice, read in slices, fed in uneven pieces', async () => {
    const data = new Uint8Array(randomBytes(HASH_SLICE_BYTES + 12345));
    expect(await sha256OfBlob(new Blob([data]))).toBe(node(data));
    const pieces = new Sha256();
    for (let at = 0; at < data.length; at += 777_777) pieces.update(data.subarray(at, at + 777_777));
    expect(pieces.hex()).toBe(node(data));
  });
});
