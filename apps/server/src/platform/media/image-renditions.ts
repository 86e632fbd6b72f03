import sharp from 'sharp';
import { guardedDecode } from './image-guard.ts';
import type { RenderedImage, RenditionSpec } from './media.ts';

/**
 * One decode, every size: the input is decoded once into a master JPEG at its (possibly capped) full size, and each
 * rendition is resized from that decoded picture, encoded as JPEG and WebP. sharp shares the decoded pixels between
 * the clones, so a 36-frame spin costs 36 decodes, not 36 x 6.
 */
export function renderImage(input: Buffer | string, spec: RenditionSpec): Promise<RenderedImage> {
  return guardedDecode('image', input, spec.maxInputPixels, () => render(input, spec));
}

async function render(input: Buffer | string, spec: RenditionSpec): Promise<RenderedImage> {
  const source = sharp(input, { limitInputPixels: spec.maxInputPixels, failOn: 'error' }).autoOrient();
  const fitted = spec.master
    ? source.resize({ width: spec.master.width, height: spec.master.height, fit: 'inside', withoutEnlargement: true })
    : source;
  // The master is decoded to raw pixels once; every output below starts from this buffer.
  const { data, info } = await fitted.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  // A new pipeline over the same buffer for every output, never sharp's clone(): clone() structuredClones its
  // options, input buffer included, on the event loop: six copies of a 113 MB master per 37-megapixel upload held the
  // loop for seconds (bench/hostile-uploads.ts, its CPU profile; /readyz waited behind them).
  const pixels = () => sharp(data, raw);
  const fast = spec.encoding === 'fast';
  const jpegOptions = (quality: number) => ({ quality, mozjpeg: !fast, optimiseCoding: true });
  const master = await pixels()
    .jpeg(jpegOptions(spec.masterQuality ?? 90))
    .toBuffer();
  const renditions: RenderedImage['renditions'] = {};
  for (const [name, size] of Object.entries(spec.renditions)) {
    const width = Math.min(size.width, info.width);
    const height = Math.max(1, Math.round((info.height * width) / info.width));
    const resized = () => (width === info.width ? pixels() : pixels().resize({ width, height, kernel: 'lanczos3' }));
    const [jpeg, webp] = await Promise.all([
      resized().jpeg(jpegOptions(spec.quality.jpeg)).toBuffer(),
      resized()
        .webp({ quality: spec.quality.webp, effort: fast ? 1 : 3 })
        .toBuffer(),
    ]);
    renditions[name] = { width, height, jpeg, webp };
  }
  return { width: info.width, height: info.height, master, renditions };
}
