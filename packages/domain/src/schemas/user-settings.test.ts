import { describe, expect, it } from 'vitest';
import { readDomainOptions } from './domain.ts';
import { applyImageSystemPatch, effectiveImageSystem, readUserConfiguration } from './user-settings.ts';

const domain = (options: Record<string, unknown>) => readDomainOptions(options);

describe('image-system settings of a user', () => {
  it('start from the domain: a user who saved nothing gets its defaults', () => {
    const o = domain({ short_url: true, obvr_rows_max: 3, obvr_initial_row: 2, content_style: 'bike' });
    expect(effectiveImageSystem(o, null)).toMatchObject({
      use_short_url: true,
      obvr_rows_max: 3,
      obvr_initial_row: 2,
      contents_style: 'bike',
      cs_join: false,
    });
  });

  it('keep what the user saved, and ignore a stored value that is no longer valid', () => {
    const o = domain({ listing_link: true });
    const s = effectiveImageSystem(o, { cs_join: true, obvrimage_width: 1234, extendinfo_display: 'yes' });
    expect(s.cs_join).toBe(true);
    expect(s.obvrimage_width).toBe(effectiveImageSystem(o, {}).obvrimage_width);
    expect(s.extendinfo_display).toBe(false);
  });

  it('read as off whatever the domain has since stopped offering, and clamp rows to the domain', () => {
    const o = domain({ listing_link: false, short_url: false, obvr_rows_max: 2 });
    const s = effectiveImageSystem(o, { cs_join: true, cs_autojoin: true, use_short_url: true, obvr_rows_max: 5 });
    expect(s).toMatchObject({ cs_join: false, cs_autojoin: false, use_short_url: false, obvr_rows_max: 2 });
  });

  it('refuse an update that turns on what the domain does not offer, naming the field and the rule', () => {
    const o = domain({ listing_link: false });
    const result = applyImageSystemPatch(o, effectiveImageSystem(o, null), { cs_join: true });
    expect(result).toEqual({ ok: false, fields: [expect.objectContaining({ field: 'cs_join', rule: 'requires' })] });
  });
});

describe('user configuration', () => {
  it('reads garbage as the defaults', () => {
    expect(readUserConfiguration('nonsense')).toEqual({ sidebar_colour: null, list_conditions: {} });
  });
});
