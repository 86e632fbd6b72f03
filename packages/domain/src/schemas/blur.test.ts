import { describe, expect, it } from 'vitest';
import { BLUR_LIMITS, type BlurRegion, regionsOnFrame } from '../media/blur-regions.ts';
import { BLUR_PREVIEW_REGIONS_MAX_LENGTH, blurApplyBody, blurPreviewQuery } from './blur.ts';
import { parseFields } from './field-errors.ts';

const box = { x: 0.1, y: 0.2, w: 0.3, h: 0.1 };
const plate = { id: 'plate', keys: [{ frame: 0, box }] };
const body = { group_id: '7', blur_str: 40, regions: [plate] };

const fieldsOf = (schema: Parameters<typeof parseFields>[0], input: unknown) => {
  const parsed = parseFields(schema, input);
  return parsed.ok ? [] : parsed.fields.map((f) => `${f.field}:${f.rule}`);
};

describe('blurApplyBody', () => {
  it('takes regions with defaults (rect, on their key frames only, blurring the regions)', () => {
    const parsed = blurApplyBody.parse(body);
    expect(parsed.blur_target).toBe('regions');
    expect(parsed.regions[0]).toEqual({ id: 'plate', shape: 'rect', all_frames: false, keys: [{ frame: 0, box }] });
    expect(blurApplyBody.parse({ ...body, blur_str: undefined, bg_color: 'FFAA00' }).bg_color).toBe('#ffaa00');
  });

  it('takes the background around the car found without a region (the car is found on each frame)', () => {
    const parsed = blurApplyBody.parse({ ...body, blur_target: 'car_background', regions: [] });
    expect(parsed.blur_target).toBe('car_background');
  });

  it.each([
    ['neither strength nor colour', { ...body, blur_str: undefined }, 'blur_str:required'],
    ['both strength and colour', { ...body, bg_color: '#000000' }, 'bg_color:one_of'],
    ['a strength out of range', { ...body, blur_str: 101 }, 'blur_str:range'],
    ['a colour that is no colour', { ...body, blur_str: undefined, bg_color: 'red' }, 'bg_color:format'],
    ['an unknown target', { ...body, blur_target: 'car' }, 'blur_target:one_of'],
    ['no regions', { ...body, regions: [] }, 'regions:required'],
    [
      'a box leaving the frame',
      { ...body, regions: [{ ...plate, keys: [{ frame: 0, box: { ...box, x: 0.8 } }] }] },
      'regions.0.keys.0.box.w:range',
    ],
    [
      'a box below the minimum size',
      { ...body, regions: [{ ...plate, keys: [{ frame: 0, box: { ...box, h: 0 } }] }] },
      'regions.0.keys.0.box.h:range',
    ],
    [
      'a frame twice',
      {
        ...body,
        regions: [
          {
            ...plate,
            keys: [
              { frame: 3, box },
              { frame: 3, box },
            ],
          },
        ],
      },
      'regions.0.keys.1.frame:format',
    ],
    ['two regions of one id', { ...body, regions: [plate, plate] }, 'regions.1.id:format'],
    ['a bad group id', { ...body, group_id: 'x' }, 'group_id:format'],
    ['an unknown field', { ...body, colour: 1 }, 'colour:unknown_field'],
  ])('refuses %s, naming the field', (_name, input, expected) => {
    expect(fieldsOf(blurApplyBody, input)).toContain(expected);
  });
});

describe('blurPreviewQuery', () => {
  const query = { group_id: '7', frame: '3', blur_str: '40', regions: JSON.stringify([plate]) };

  it('reads numbers and regions from the query string', () => {
    const parsed = blurPreviewQuery.parse(query);
    expect(parsed.frame).toBe(3);
    expect(parsed.blur_str).toBe(40);
    expect(parsed.regions[0]?.keys[0]?.box).toEqual(box);
    expect(blurPreviewQuery.parse({ ...query, regions: undefined }).regions).toEqual([]);
  });

  it.each([
    ['regions that are no JSON', { ...query, regions: '[{' }, 'regions:format'],
    ['regions too long', { ...query, regions: `[${' '.repeat(7000)}]` }, 'regions:max_length'],
    ['a frame that is no number', { ...query, frame: 'x' }, 'frame:format'],
    ['a negative frame', { ...query, frame: '-1' }, 'frame:range'],
    [
      'a region without keys',
      { ...query, regions: JSON.stringify([{ id: 'a', keys: [] }]) },
      'regions.0.keys:required',
    ],
  ])('refuses %s, naming the field', (_name, input, expected) => {
    expect(fieldsOf(blurPreviewQuery, input)).toContain(expected);
  });
});

describe('the preview query stays short', () => {
  it('holds the most regions, each with a key frame on every frame, reduced to the frame previewed', () => {
    const n = BLUR_LIMITS.maxFrames;
    const regions: BlurRegion[] = Array.from({ length: BLUR_LIMITS.maxRegions }, (_, r) => ({
      id: `region-${r}`,
      shape: 'ellipse',
      all_frames: true,
      keys: Array.from({ length: n }, (_, frame) => ({
        frame,
        box: { x: 0.123456789, y: 0.234567891, w: 0.345678912 / (1 + (frame % 7)), h: 0.1111111 },
      })),
    }));
    const text = JSON.stringify(regionsOnFrame(regions, 17, n));
    expect(text.length).toBeLessThan(BLUR_PREVIEW_REGIONS_MAX_LENGTH);
    expect(blurPreviewQuery.parse({ group_id: '1', frame: '17', blur_str: '5', regions: text }).regions).toHaveLength(
      20,
    );
  });
});
