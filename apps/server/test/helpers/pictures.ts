import sharp from 'sharp';

export function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } } })
    .png()
    .toBuffer();
}

/** With an EXIF copyright, to show that re-encoding drops it. */
export function jpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 200 } } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
    .toBuffer();
}

export function gif(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 160, b: 60 } } })
    .gif()
    .toBuffer();
}

export const base64 = (data: Buffer): string => data.toString('base64');
