import { describe, expect, it } from 'vitest';
import { movieFieldName } from './movieFieldNames.ts';
import { textFill, textLines } from './textFill.ts';
import { messagesOf } from './useMovieWizardForm.ts';

describe('textFill', () => {
  it('counts lines and the widest line as the domain does (full-width 1, half-width 0.5)', () => {
    expect(textFill('新着入庫のご案内\nRoadster RF')).toEqual({ lines: 2, widest: 8 });
    expect(textFill('')).toEqual({ lines: 0, widest: 0 });
    expect(textFill('  a\r\nb  ')).toEqual({ lines: 2, widest: 0.5 });
  });

  it('reads line breaks of any system as one', () => {
    expect(textLines('a\rb\u2028c')).toEqual(['a', 'b', 'c']);
  });
});

describe('movieFieldName', () => {
  it.each([
    ['opening.title', { key: 'movieWizard.fields.title' }],
    ['category_images.1.text', { key: 'movieWizard.fields.categoryText', n: 2 }],
    ['category_images', { key: 'movieWizard.fields.categoryImages' }],
    ['scenes.0.zoom_points.4.text', { key: 'movieWizard.fields.pointText', n: 1, m: 5 }],
    ['scenes.0.zoom_points', { key: 'movieWizard.fields.zoomPoints', n: 1 }],
    ['exterior_text', { key: 'movieWizard.fields.exteriorText' }],
  ])('names %s', (field, name) => {
    expect(movieFieldName(field)).toEqual(name);
  });
});

describe('messagesOf', () => {
  it('lists every refusal of the form in field order, nested lists included, never reading the inputs', () => {
    const input = {
      get value(): string {
        throw new Error('an input is not read');
      },
    };
    const errors = {
      opening: { title: { type: 'max_lines', message: 'title', ref: input } },
      scenes: [{ zoom_points: { root: { type: 'max_items', message: 'points' } } }],
      exterior_text: { type: 'max_width', message: 'exterior', ref: input },
    };
    expect(messagesOf(errors)).toEqual(['title', 'points', 'exterior']);
  });
});
