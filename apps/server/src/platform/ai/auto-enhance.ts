import { DEFAULT_ENHANCE_SETTINGS, type EnhanceSettings, type WhiteBalance } from '@spinyard/domain';
import type { AnalysisImage } from '../media/media.ts';

/**
 * The automatic colour and brightness of an interior panorama (the `color` process): the image-quality tool's own
 * flags and levels and its white balance, chosen from what the picture measures, so the dealer opens the tool on
 * them and can change any. No model: a car interior shot under one light is judged by
 * - a colour cast: channel means more than CAST_RATIO apart turn on the automatic (grey-world) white balance;
 * - darkness: mean luminance under DARK_MEAN turns on shadows and highlights, more the darker;
 * - flatness: gray levels spreading less than FLAT_SPREAD turn on the tone curve, more the flatter;
 * - dull colour: mean saturation under DULL_SATURATION turns on saturation at a light level.
 * Sharpness and super resolution stay off: nothing here tells that a picture needs them. A picture that measures well
 * gets nothing (the process leaves it as it was). What it cannot do: a cabin in two lights (daylight through the
 * windows, warm lamps inside) has no one right grey, and a red or tan interior reads as a cast; the dealer's eye
 * decides there, in the tool.
 */

export const CAST_RATIO = 1.12;
export const DARK_MEAN = 105;
export const FLAT_SPREAD = 48;
export const DULL_SATURATION = 0.16;

export interface PictureMeasure {
  mean: number;
  spread: number;
  saturation: number;
  /** The largest channel mean over the smallest. */
  cast: number;
}

export function measurePicture(image: AnalysisImage): PictureMeasure {
  const { rgb } = image;
  const n = Math.max(1, rgb.length / 3);
  const sums = [0, 0, 0];
  let luma = 0;
  let lumaSq = 0;
  let saturation = 0;
  for (let i = 0; i < rgb.length; i += 3) {
    const r = rgb[i] ?? 0;
    const g = rgb[i + 1] ?? 0;
    const b = rgb[i + 2] ?? 0;
    sums[0] = (sums[0] ?? 0) + r;
    sums[1] = (sums[1] ?? 0) + g;
    sums[2] = (sums[2] ?? 0) + b;
    const y = 0.299 * r + 0.587 * g + 0.114 * b;
    luma += y;
    lumaSq += y * y;
    const max = Math.max(r, g, b);
    saturation += max > 0 ? (max - Math.min(r, g, b)) / max : 0;
  }
  const means = sums.map((s) => s / n);
  const mean = luma / n;
  return {
    mean,
    spread: Math.sqrt(Math.max(0, lumaSq / n - mean * mean)),
    saturation: saturation / n,
    cast: Math.max(...means) / Math.max(1, Math.min(...means)),
  };
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Math.round(v)));

/** The tool's settings and white balance for a picture that measures so; null for what it does not need. */
export function autoEnhance(m: PictureMeasure): {
  settings: EnhanceSettings | null;
  whiteBalance: WhiteBalance | null;
} {
  const settings: EnhanceSettings = { ...DEFAULT_ENHANCE_SETTINGS };
  let changed = false;
  if (m.mean < DARK_MEAN) {
    settings.shadow_highlight = true;
    settings.shadow_highlight_level = clamp((DARK_MEAN + 10 - m.mean) * 1.2, 15, 80);
    changed = true;
  }
  if (m.spread < FLAT_SPREAD) {
    settings.tone_curve = true;
    settings.tone_curve_level = clamp((FLAT_SPREAD + 12 - m.spread) * 1.5, 15, 70);
    changed = true;
  }
  if (m.saturation < DULL_SATURATION) {
    settings.saturation = true;
    settings.saturation_level = 20;
    changed = true;
  }
  return {
    settings: changed ? settings : null,
    whiteBalance: m.cast > CAST_RATIO ? { mode: 'auto', temperature: 0, tint: 0 } : null,
  };
}
