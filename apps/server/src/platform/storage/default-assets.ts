import { createReadStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BlobStore } from './blob-store.ts';

const ASSETS_DIR = fileURLToPath(new URL('../../../assets/', import.meta.url));

/** Files the product promises exist from the first start (`0006` is the logo of hosts with no company code). */
const DEFAULT_ASSETS = [{ file: 'logos/company_logo_0006.png', key: 'images/logos/company_logo_0006.png' }] as const;

/**
 * Copies each default asset into the store unless a blob is already there, so an operator's replacement logo
 * survives restarts. Returns the keys it wrote.
 */
export async function ensureDefaultAssets(store: BlobStore, assetsDir: string = ASSETS_DIR): Promise<string[]> {
  const written: string[] = [];
  for (const asset of DEFAULT_ASSETS) {
    if (await store.exists(asset.key)) continue;
    await store.put(asset.key, createReadStream(`${assetsDir}/${asset.file}`), { contentType: 'image/png' });
    written.push(asset.key);
  }
  return written;
}
