import { describe, expect, it } from 'vitest';
import { INTERIOR_MAX, INTERIOR_MIN, panoramaRefusal, tileGrid } from '../media/interior-rules.ts';
import {
  DEFAULT_ENHANCE_SETTINGS,
  enhanceChangesPixels,
  enhancePreviewQuery,
  enhancePreviewQueryOf,
  enhanceSettingsOfQuery,
  enhanceSettingsSchema,
  interiorSceneUpdateBody,
  whiteBalanceOfQuery,
  whiteBalanceSchema,
} from './interior.ts';

describe('panoramaRefusal: JPEG or PNG, 2:1 within a pixel, inside the bounds', () => {
  it.each([
    ['image/jpeg', 8192, 4096],
    ['image/png', 1024, 512],
    ['image/jpeg', 8191, 4096],
    ['image/jpeg', 8193, 4096],
    ['image/jpeg', INTERIOR_MAX.width, INTERIOR_MAX.height],
    ['image/jpeg', INTERIOR_MIN.width, INTERIOR_MIN.height],
  ])('takes %s %dx%d', (mime, width, height) => {
    expect(panoramaRefusal({ mime, width, height })).toBeNull();
  });

  it.each([
    ['image/gif', 1024, 512, 'unsupported_image_format', 'format'],
    ['image/webp', 1024, 512, 'unsupported_image_format', 'format'],
    ['application/octet-stream', undefined, undefined, 'unsupported_image_format', 'format'],
    ['image/jpeg', 8192, 4000, 'image_dimensions_invalid', 'aspect_2_1'],
    ['image/jpeg', 8194, 4096, 'image_dimensions_invalid', 'aspect_2_1'],
    ['image/jpeg', 1920, 1080, 'image_dimensions_invalid', 'aspect_2_1'],
    ['image/png', 32768, 16384, 'image_dimensions_invalid', 'max_dimensions'],
    ['image/png', 16386, 8193, 'image_dimensions_invalid', 'max_dimensions'],
    ['image/jpeg', 510, 255, 'image_dimensions_invalid', 'min_dimensions'],
  ])('refuses %s %sx%s as %s (%s)', (mime, width, height, code, rule) => {
    const refusal = panoramaRefusal({ mime, width, height });
    expect(refusal?.code).toBe(code);
    expect(refusal?.params.rule).toBe(rule);
  });
});

describe('tileGrid: powers of two, square tiles near 512 px, rows half the columns', () => {
  it.each([
    [8192, 16, 8, 512, 8192],
    [4096, 8, 4, 512, 4096],
    [1024, 2, 1, 512, 1024],
    [6000, 16, 8, 375, 6000],
    [600, 2, 1, 300, 600],
    [8191, 16, 8, 512, 8192],
  ])('%d wide: %d x %d tiles of %d (tiled width %d)', (width, cols, rows, tile, tiled) => {
    const grid = tileGrid(width);
    expect(grid).toEqual({ cols, rows, tileWidth: tile, width: tiled, height: tiled / 2 });
    expect(Number.isInteger(Math.log2(grid.cols))).toBe(true);
    expect(Number.isInteger(Math.log2(grid.rows))).toBe(true);
    expect(grid.height / grid.rows).toBe(grid.tileWidth);
  });
});

describe('enhance settings', () => {
  it('takes the defaults and a 2:1 size', () => {
    expect(enhanceSettingsSchema.parse(DEFAULT_ENHANCE_SETTINGS)).toEqual(DEFAULT_ENHANCE_SETTINGS);
    expect(
      enhanceSettingsSchema.safeParse({ ...DEFAULT_ENHANCE_SETTINGS, resized_width: 4096, resized_height: 2048 })
        .success,
    ).toBe(true);
  });

  it('refuses a size that is not 2:1, half a size, levels and quality out of range, unknown keys', () => {
    const bad = [
      { resized_width: 4096, resized_height: 2000 },
      { resized_width: 4096 },
      { resized_width: 16384, resized_height: 8192 },
      { saturation_level: 101 },
      { jpeg_quality: 0 },
      { jpeg_quality: 100.5 },
      { brightness: true },
    ];
    for (const change of bad) {
      expect(
        enhanceSettingsSchema.safeParse({ ...DEFAULT_ENHANCE_SETTINGS, ...change }).success,
        JSON.stringify(change),
      ).toBe(false);
    }
  });

  it('knows when nothing changes a pixel', () => {
    expect(enhanceChangesPixels(DEFAULT_ENHANCE_SETTINGS)).toBe(false);
    expect(enhanceChangesPixels({ ...DEFAULT_ENHANCE_SETTINGS, saturation: true })).toBe(true);
    expect(enhanceChangesPixels({ ...DEFAULT_ENHANCE_SETTINGS, saturation: true, saturation_level: 0 })).toBe(false);
  });

  it('travels as a preview query and back', () => {
    const settings = { ...DEFAULT_ENHANCE_SETTINGS, tone_curve: true, tone_curve_level: 70, jpeg_quality: 75 };
    const query = enhancePreviewQuery.parse(enhancePreviewQueryOf(settings));
    expect(enhanceSettingsOfQuery(query)).toEqual(settings);
    expect(enhancePreviewQuery.safeParse({ tone_curve: 'yes' }).success).toBe(false);
  });

  it('carries an unapplied white balance; without one the scene keeps its own', () => {
    const wb = { mode: 'manual', temperature: 60, tint: -20 } as const;
    const query = enhancePreviewQuery.parse(enhancePreviewQueryOf(DEFAULT_ENHANCE_SETTINGS, wb));
    expect(whiteBalanceOfQuery(query)).toEqual(wb);
    expect(enhanceSettingsOfQuery(query)).toEqual(DEFAULT_ENHANCE_SETTINGS);
    expect(whiteBalanceOfQuery(enhancePreviewQuery.parse(enhancePreviewQueryOf(DEFAULT_ENHANCE_SETTINGS)))).toBe(null);
    expect(whiteBalanceOfQuery(enhancePreviewQuery.parse({ wb_mode: 'auto' }))).toEqual({
      mode: 'auto',
      temperature: 0,
      tint: 0,
    });
    expect(enhancePreviewQuery.safeParse({ wb_mode: 'manual', wb_temperature: '101' }).success).toBe(false);
    expect(enhancePreviewQuery.safeParse({ wb_mode: 'sepia' }).success).toBe(false);
  });
});

describe('scene update and white balance', () => {
  it('needs one field; bounds the view, the zoom points (20) and their labels (33)', () => {
    expect(interiorSceneUpdateBody.safeParse({}).success).toBe(false);
    expect(interiorSceneUpdateBody.safeParse({ title: 'Front seats' }).success).toBe(true);
    expect(interiorSceneUpdateBody.safeParse({ initial_view: { yaw: 181, pitch: 0, zoom: 50 } }).success).toBe(false);
    expect(interiorSceneUpdateBody.safeParse({ initial_view: { yaw: -180, pitch: 90, zoom: 0 } }).success).toBe(true);
    const point = { yaw: 10, pitch: -5, label: 'Navigation' };
    expect(interiorSceneUpdateBody.safeParse({ zoom_points: Array(20).fill(point) }).success).toBe(true);
    expect(interiorSceneUpdateBody.safeParse({ zoom_points: Array(21).fill(point) }).success).toBe(false);
    expect(interiorSceneUpdateBody.safeParse({ zoom_points: [{ ...point, label: 'x'.repeat(34) }] }).success).toBe(
      false,
    );
    expect(interiorSceneUpdateBody.safeParse({ zoom_points: [{ ...point, label: '  ' }] }).success).toBe(false);
  });

  it('white balance: manual sliders -100..100 or auto', () => {
    expect(whiteBalanceSchema.safeParse({ mode: 'manual', temperature: 30, tint: -10 }).success).toBe(true);
    expect(whiteBalanceSchema.safeParse({ mode: 'auto', temperature: 0, tint: 0 }).success).toBe(true);
    expect(whiteBalanceSchema.safeParse({ mode: 'manual', temperature: 101, tint: 0 }).success).toBe(false);
    expect(whiteBalanceSchema.safeParse({ mode: 'gray', temperature: 0, tint: 0 }).success).toBe(false);
  });
});
