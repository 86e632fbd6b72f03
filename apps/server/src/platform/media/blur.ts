import sharp, { type Sharp } from 'sharp';

/**
 * Blurring or colouring parts of a picture (the exterior's blur editor): inside a few shapes (licence plates, faces,
 * signs) or outside them (the background, when the shapes outline the vehicle). One decode, one encode: the
 * picture is decoded to pixels once, the blurred (or coloured) layer is made for the part it covers only, and laid
 * over the picture through a mask of the shapes (anti-aliased edges).
 */

/** A shape as fractions of the picture (0..1): `x`, `y` its top-left corner, `w`, `h` its size. */
export interface BlurArea {
  shape: 'rect' | 'ellipse';
  box: { x: number; y: number; w: number; h: number };
}

/** A one-channel mask of any size (255: the subject, kept as it is), scaled to the picture and its edge feathered. */
export interface SubjectMask {
  width: number;
  height: number;
  alpha: Uint8Array;
}

export interface BlurSpec {
  /** `regions`: inside the areas; `background`: everything outside them (and outside `subject`, when given). */
  target: 'regions' | 'background';
  /**
   * A Gaussian blur of `sigma(width)` pixels for a picture `width` pixels wide, a fill of one colour, or another
   * picture (JPEG or PNG bytes) scaled to cover the frame: the background replaced.
   */
  look:
    | { kind: 'blur'; sigma: (width: number) => number }
    | { kind: 'fill'; color: string }
    | { kind: 'image'; image: Buffer };
  areas: readonly BlurArea[];
  /** With `background`: the subject found on the picture (platform/ai car-mask.ts), kept as the areas are. */
  subject?: SubjectMask | undefined;
  /** Decoding is refused above this many pixels, before any pixel is decoded. */
  maxInputPixels: number;
  /** Shrinks (never enlarges) to this width first: the preview at display size. */
  maxWidth?: number | undefined;
  /** JPEG quality of the result. */
  quality: number;
}

export interface BlurredImage {
  jpeg: Buffer;
  width: number;
  height: number;
}

export interface BlurMedia {
  /**
   * The picture (a buffer or a file path) with its areas blurred or filled, as a JPEG of the same size (or
   * `maxWidth`). Rejects for bytes that are no image or exceed `maxInputPixels`.
   */
  blurImage(input: Buffer | string, spec: BlurSpec): Promise<BlurredImage>;
}

interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

function rgbOf(color: string): { r: number; g: number; b: number } {
  const hex = /^#?([0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) throw new RangeError(`not a colour: ${color}`);
  const n = Number.parseInt(hex, 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

/** The areas in pixels of a width x height picture, clamped inside it (an area of no pixel is dropped). */
function pixelAreas(areas: readonly BlurArea[], width: number, height: number) {
  const out: { shape: BlurArea['shape']; rect: Rect }[] = [];
  for (const area of areas) {
    const left = Math.max(0, Math.min(width, area.box.x * width));
    const top = Math.max(0, Math.min(height, area.box.y * height));
    const right = Math.max(left, Math.min(width, (area.box.x + area.box.w) * width));
    const bottom = Math.max(top, Math.min(height, (area.box.y + area.box.h) * height));
    if (right - left < 0.5 || bottom - top < 0.5) continue;
    out.push({ shape: area.shape, rect: { left, top, width: right - left, height: bottom - top } });
  }
  return out;
}

/** The smallest whole-pixel rectangle holding every area, grown by `pad` and kept inside the picture. */
function boundsOf(rects: readonly Rect[], pad: number, width: number, height: number): Rect {
  const left = Math.max(0, Math.floor(Math.min(...rects.map((r) => r.left)) - pad));
  const top = Math.max(0, Math.floor(Math.min(...rects.map((r) => r.top)) - pad));
  const right = Math.min(width, Math.ceil(Math.max(...rects.map((r) => r.left + r.width)) + pad));
  const bottom = Math.min(height, Math.ceil(Math.max(...rects.map((r) => r.top + r.height)) + pad));
  return { left, top, width: right - left, height: bottom - top };
}

/**
 * A one-channel mask of `frame`'s size: 255 where the layer shows. For `regions` the shapes are white on black;
 * for `background` black on white. Shapes are placed relative to the frame's top-left corner.
 */
async function maskOf(
  shapes: readonly { shape: BlurArea['shape']; rect: Rect }[],
  frame: Rect,
  target: BlurSpec['target'],
): Promise<Buffer> {
  const ink = target === 'regions' ? 'white' : 'black';
  const ground = target === 'regions' ? 'black' : 'white';
  const n = (v: number) => v.toFixed(2);
  const drawn = shapes
    .map(({ shape, rect }) => {
      const x = rect.left - frame.left;
      const y = rect.top - frame.top;
      return shape === 'ellipse'
        ? `<ellipse cx="${n(x + rect.width / 2)}" cy="${n(y + rect.height / 2)}" rx="${n(rect.width / 2)}" ry="${n(rect.height / 2)}" fill="${ink}"/>`
        : `<rect x="${n(x)}" y="${n(y)}" width="${n(rect.width)}" height="${n(rect.height)}" fill="${ink}"/>`;
    })
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${frame.width}" height="${frame.height}">` +
    `<rect width="100%" height="100%" fill="${ground}"/>${drawn}</svg>`;
  return sharp(Buffer.from(svg)).resize(frame.width, frame.height, { fit: 'fill' }).extractChannel(0).raw().toBuffer();
}

/** Feathering of the subject's edge, in the mask's own pixels: its steps would show at 5x, a soft edge does not. */
const SUBJECT_FEATHER = 0.7;

/**
 * The background mask (255 where the layer shows) with the subject taken out: the subject's mask scaled to the
 * picture (bicubic, so its steps become a slope) and feathered, then multiplied in.
 */
async function withoutSubject(mask: Buffer, subject: SubjectMask, width: number, height: number): Promise<Buffer> {
  const scaled = await sharp(Buffer.from(subject.alpha), {
    raw: { width: subject.width, height: subject.height, channels: 1 },
  })
    .blur(SUBJECT_FEATHER)
    .resize(width, height, { fit: 'fill', kernel: 'cubic' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const out = Buffer.alloc(mask.length);
  for (let p = 0; p < out.length; p++) out[p] = Math.round(((mask[p] ?? 0) * (255 - (scaled[p] ?? 0))) / 255);
  return out;
}

/** Below this blurred background weight (of 255) the normalised blur is mixed with the plain one: no division noise. */
const BEHIND_FULL_WEIGHT = 32;

/**
 * The background blurred without the subject bleeding into it (a normalised convolution): the picture weighted by the
 * background mask, and the mask, are blurred alike and divided, so a dark car leaves no dark halo on a light wall.
 * Where hardly any background is near (inside the car), the plain blur; the subject covers it there anyway.
 */
async function blurBehind(
  data: Buffer,
  mask: Buffer,
  size: { width: number; height: number; channels: 1 | 2 | 3 | 4 },
  sigma: number,
): Promise<Buffer> {
  const { width, height, channels } = size;
  const weighted = Buffer.alloc(data.length);
  for (let p = 0; p < mask.length; p++) {
    for (let c = 0; c < channels; c++) {
      weighted[p * channels + c] = Math.round(((data[p * channels + c] ?? 0) * (mask[p] ?? 0)) / 255);
    }
  }
  const raw = { raw: { width, height, channels } } as const;
  const [num, den, plain] = await Promise.all([
    sharp(weighted, raw).blur(sigma).raw().toBuffer(),
    sharp(mask, { raw: { width, height, channels: 1 } })
      .blur(sigma)
      .extractChannel(0)
      .raw()
      .toBuffer(),
    sharp(data, raw).blur(sigma).raw().toBuffer(),
  ]);
  const out = Buffer.alloc(data.length);
  for (let p = 0; p < den.length; p++) {
    const d = den[p] ?? 0;
    const share = Math.min(1, d / BEHIND_FULL_WEIGHT);
    for (let c = 0; c < channels; c++) {
      const i = p * channels + c;
      const behind = d > 0 ? Math.min(255, ((num[i] ?? 0) * 255) / d) : 0;
      out[i] = Math.round(share * behind + (1 - share) * (plain[i] ?? 0));
    }
  }
  return out;
}

async function blurImage(input: Buffer | string, spec: BlurSpec): Promise<BlurredImage> {
  let source = sharp(input, { limitInputPixels: spec.maxInputPixels, failOn: 'error' }).autoOrient();
  if (spec.maxWidth) source = source.resize({ width: spec.maxWidth, withoutEnlargement: true });
  // Three channels whatever came in (a greyscale JPEG included), so the layer always matches the picture.
  const { data, info } = await source.toColourspace('srgb').removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const raw = { raw: { width, height, channels } } as const;
  // Plain libjpeg-turbo, not mozjpeg: the result is a preview or an intermediate that storeImage encodes again, and
  // mozjpeg's trellis search costs seconds on a detailed 4K frame.
  const encode = (pixels: Sharp) => pixels.jpeg({ quality: spec.quality }).toBuffer();

  const shapes = pixelAreas(spec.areas, width, height);
  // Nothing to cover: the regions mode leaves the picture as it is; the background mode covers all of it (but the
  // subject, when one is given).
  if (shapes.length === 0 && spec.target === 'regions') return { jpeg: await encode(sharp(data, raw)), width, height };

  const whole: Rect = { left: 0, top: 0, width, height };
  const sigma = spec.look.kind === 'blur' ? Math.max(0.3, spec.look.sigma(width)) : 0;
  // Inside the regions only their bounds need the layer (grown by 3 sigma, so the blur there sees the same
  // neighbourhood as a blur of the whole picture would); the background needs all of it.
  const layerRect =
    spec.target === 'regions'
      ? boundsOf(
          shapes.map((s) => s.rect),
          0,
          width,
          height,
        )
      : whole;
  const shapeMask = await maskOf(shapes, layerRect, spec.target);
  const mask =
    spec.target === 'background' && spec.subject
      ? await withoutSubject(shapeMask, spec.subject, width, height)
      : shapeMask;
  let layer: Buffer;
  if (spec.look.kind === 'blur' && spec.target === 'background' && spec.subject) {
    layer = await blurBehind(data, mask, { width, height, channels }, sigma);
  } else if (spec.look.kind === 'image') {
    layer = await sharp(spec.look.image, { limitInputPixels: spec.maxInputPixels, failOn: 'error' })
      .autoOrient()
      .resize(layerRect.width, layerRect.height, { fit: 'cover' })
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer();
  } else if (spec.look.kind === 'fill') {
    layer = await sharp({
      create: { width: layerRect.width, height: layerRect.height, channels: 3, background: rgbOf(spec.look.color) },
    })
      .raw()
      .toBuffer();
  } else {
    const padded = spec.target === 'regions' ? boundsOf([layerRect], Math.ceil(3 * sigma), width, height) : whole;
    const blurred = sharp(data, raw).extract(padded).blur(sigma);
    const inner = { left: layerRect.left - padded.left, top: layerRect.top - padded.top };
    // Cropped back to the layer's rectangle after the blur: a second pipeline, since sharp extracts before blurring.
    const blurredPixels = await blurred.raw().toBuffer();
    layer = await sharp(blurredPixels, { raw: { width: padded.width, height: padded.height, channels } })
      .extract({ ...inner, width: layerRect.width, height: layerRect.height })
      .raw()
      .toBuffer();
  }
  const layerWithMask = await sharp(layer, { raw: { width: layerRect.width, height: layerRect.height, channels } })
    .joinChannel(mask, { raw: { width: layerRect.width, height: layerRect.height, channels: 1 } })
    .raw()
    .toBuffer();
  const out = sharp(data, raw).composite([
    {
      input: layerWithMask,
      raw: { width: layerRect.width, height: layerRect.height, channels: 4 },
      left: layerRect.left,
      top: layerRect.top,
    },
  ]);
  return { jpeg: await encode(out), width, height };
}

export function createBlurMedia(): BlurMedia {
  return { blurImage };
}
