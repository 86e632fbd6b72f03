import { describe, expect, it } from 'vitest';
import { parseFields } from './field-errors.ts';
import { videoSiteFormSchema, videoSiteUploadBody, videoTagsLength } from './video-sharing.ts';

const body = (extra: Record<string, unknown>) => ({
  source_kind: 'content_movie',
  source_id: 'slider',
  title: 'Demo',
  ...extra,
});

describe('video-site upload body', () => {
  it('counts tags as the service does: commas between, quotes around a tag with a space', () => {
    expect(videoTagsLength([])).toBe(0);
    expect(videoTagsLength(['ab', 'cd'])).toBe(5);
    expect(videoTagsLength(['a b'])).toBe(5);
    expect(videoTagsLength(['車両'])).toBe(2);
  });

  it('takes tags of exactly 500 characters and refuses 501 on the field tags', () => {
    const fifty = Array.from({ length: 50 }, (_, i) => `t${String(i).padStart(8, '0')}`);
    expect(videoTagsLength(fifty)).toBe(499);
    expect(videoSiteUploadBody.safeParse(body({ tags: [...fifty.slice(0, 49), 'x'.repeat(10)] })).success).toBe(true);
    const refused = parseFields(videoSiteUploadBody, body({ tags: [...fifty.slice(0, 49), 'x'.repeat(11)] }));
    expect(refused.ok ? [] : refused.fields).toContainEqual(
      expect.objectContaining({ field: 'tags', rule: 'max_length' }),
    );
  });

  it('refuses a repeated tag, an angle bracket in the title, and an unknown source kind', () => {
    const rules = (extra: Record<string, unknown>) => {
      const parsed = parseFields(videoSiteUploadBody, body(extra));
      return parsed.ok ? [] : parsed.fields.map((e) => `${e.field}:${e.rule}`);
    };
    expect(rules({ tags: ['a', 'a'] })).toEqual(['tags:no_duplicates']);
    expect(rules({ title: '<b>' })).toEqual(['title:format']);
    expect(rules({ source_kind: 'dvd' })).toEqual(['source_kind:one_of']);
  });
});

describe('video-site form (tags typed as one text)', () => {
  it('reads the tags between commas and refuses 501 characters on tags, as the call would', () => {
    const typed = (tags: string) => parseFields(videoSiteFormSchema, { title: '新着車両', tags });
    const read = typed(' 中古車 , SUV,, 4WD ');
    expect(read.ok && read.data.tags).toEqual(['中古車', 'SUV', '4WD']);
    const refused = typed(Array.from({ length: 51 }, (_, i) => `t${String(i).padStart(8, '0')}`).join(','));
    expect(refused.ok ? [] : refused.fields).toContainEqual(
      expect.objectContaining({ field: 'tags', rule: 'max_length' }),
    );
  });
});
