import { createReadStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BlobStore } from './blob-store.ts';

const ASSETS_DIR = fileURLToPath(new URL('../../../assets/', import.meta.url));

/** The PDF manuals of the console's manual menu (second document, section 7): `{name}_jp.pdf`. */
export const MANUAL_NAMES = ['360car_manual', '360bike_manual', 'remote360_manual'] as const;

/**
 * Files the product promises exist from the first start: the logo of hosts with no company code (`0006`), and
 * the manuals, built from `assets/manuals/*.html` by `scripts/build-manuals.ts`.
 */
export const DEFAULT_ASSETS: readonly { file: string; key: string; contentType: string }[] = [
  { file: 'logos/company_logo_0006.png', key: 'images/logos/company_logo_0006.png', contentType: 'image/png' },
  ...MANUAL_NAMES.map((name) => ({
    file: `pdf/${name}_jp.pdf`,
    key: `pdf/${name}_jp.pdf`,
    contentType: 'application/pdf',
  })),
];

/**
 * Copies each default asset into the store unless a blob is already there, so an operator's replacement logo or
 * manual survives restarts. Returns the keys it wrote.
 */
export async function ensureDefaultAssets(store: BlobStore, assetsDir: string = ASSETS_DIR): Promise<string[]> {
  const written: string[] = [];
  for (const asset of DEFAULT_ASSETS) {
    if (await store.exists(asset.key)) continue;
    await store.put(asset.key, createReadStream(`${assetsDir}/${asset.file}`), { contentType: asset.contentType });
    written.push(asset.key);
  }
  return written;
}
