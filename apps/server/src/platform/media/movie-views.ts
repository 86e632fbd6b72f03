import path from 'node:path';
import sharp from 'sharp';

/**
 * The interior pan of a content video: views of an equirectangular panorama, one JPEG per frame, made with sharp
 * (the packaged ffmpeg has no v360). A view is the panorama's window around a direction (yaw, pitch) as wide as its
 * field of view, cut from the picture decoded once (with the first part of it added after its right edge, so a
 * window crossing yaw 180 is one cut) and scaled to the frame: an equirectangular cut, not a true perspective, which
 * near the horizon (where a car's interior is filmed) differs little and costs one resize a frame
 * (docs/decisions.md, "Content videos: rendering").
 */

/** Where the camera looks at one frame: degrees, yaw -180..180 (0 the panorama's middle), pitch -90..90 up. */
export interface PanoramaView {
  yaw: number;
  pitch: number;
  /** The horizontal field of view, in degrees. */
  fov: number;
}

export interface PanoramaViewsRequest {
  panorama: string;
  views: readonly PanoramaView[];
  width: number;
  height: number;
  /** Frames are written as `00000.jpg`, `00001.jpg`... here. */
  folder: string;
  onProgress?: ((fraction: number) => void) | undefined;
  signal?: AbortSignal | undefined;
}

/** Widest the panorama is decoded: enough for a 60-degree view at 1080p, bounded for memory (~75 MB of pixels). */
const MAX_DECODED_WIDTH = 6144;
const MAX_FOV = 120;
const WRAP_SHARE = MAX_FOV / 360;

/** Renders every view into `folder`; answers how many frames were written. */
export async function renderPanoramaViews(request: PanoramaViewsRequest): Promise<number> {
  const { width: w, height: h } = request;
  const wanted = Math.min(MAX_DECODED_WIDTH, Math.ceil((w * 360) / 60));
  const meta = await sharp(request.panorama, { limitInputPixels: 16384 * 8192 }).metadata();
  const pw = Math.min(wanted, meta.width ?? wanted);
  const ph = Math.max(2, Math.round(((meta.height ?? pw / 2) * pw) / (meta.width ?? pw)));
  const wrap = Math.ceil(pw * WRAP_SHARE);
  // One buffer: the panorama at its working size with its first `wrap` columns again after its right edge.
  const wide = await sharp(request.panorama, { limitInputPixels: 16384 * 8192 })
    .resize(pw, ph, { fit: 'fill' })
    .removeAlpha()
    .extend({ right: wrap, extendWith: 'repeat' })
    .raw()
    .toBuffer();
  const wideWidth = pw + wrap;
  const source = { raw: { width: wideWidth, height: ph, channels: 3 as const } };

  const cutOf = (view: PanoramaView) => {
    const fov = Math.min(MAX_FOV, Math.max(10, view.fov));
    const cw = Math.max(2, Math.round((fov / 360) * pw));
    const ch = Math.min(ph, Math.max(2, Math.round((cw * h) / w)));
    const cx = (((((view.yaw + 180) / 360) * pw) % pw) + pw) % pw;
    const cy = ((90 - view.pitch) / 180) * ph;
    const left = Math.round(cx - cw / 2 + pw) % pw;
    const top = Math.min(ph - ch, Math.max(0, Math.round(cy - ch / 2)));
    return { left, top, width: Math.min(cw, wideWidth - left), height: ch };
  };

  let done = 0;
  const total = request.views.length;
  // Two frames at a time: sharp runs each on its own thread, and the server has two cores.
  const next = async (): Promise<void> => {
    while (done < total) {
      if (request.signal?.aborted) throw new Error('The render was stopped.');
      const index = done++;
      const view = request.views[index] as PanoramaView;
      await sharp(wide, source)
        .extract(cutOf(view))
        // Bilinear: a view is mostly enlarged, where Lanczos costs three times as much for no visible gain.
        .resize(w, h, { fit: 'fill', kernel: 'linear' })
        .jpeg({ quality: 88 })
        .toFile(path.join(request.folder, `${String(index).padStart(5, '0')}.jpg`));
      request.onProgress?.(index / total);
    }
  };
  await Promise.all([next(), next()]);
  return total;
}
