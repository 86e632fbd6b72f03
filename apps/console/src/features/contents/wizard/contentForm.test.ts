import type { ContentAnswer } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import {
  analyticsTagView,
  basicInfoKeysFor,
  bodyOfForm,
  type ContentFormValues,
  contentFormErrors,
  contentFormSchema,
  EMPTY_CONTENT_FORM,
  formOfContent,
  numberOfText,
} from './contentForm.ts';
import { editLockOf } from './editLock.ts';
import { errorsOfTab, tabOfField, tabsFor, tabsWithErrors } from './wizardTabs.ts';

const filled: ContentFormValues = { ...EMPTY_CONTENT_FORM, management_id: 'A-001' };
const fields = (values: ContentFormValues, passwordSet = false) =>
  contentFormErrors(values, { passwordSet }).map((e) => `${e.field}:${e.rule}`);

describe('the wizard form', () => {
  it('needs the management ID and nothing else', () => {
    expect(fields(EMPTY_CONTENT_FORM)).toEqual(['management_id:required']);
    expect(fields(filled)).toEqual([]);
  });

  it('reads numbers as a dealer types them and refuses what is not one', () => {
    expect(numberOfText('1,200,000')).toEqual({ ok: true, value: 1_200_000 });
    expect(numberOfText('２０１９')).toEqual({ ok: true, value: 2019 });
    expect(numberOfText('')).toEqual({ ok: true, value: null });
    expect(numberOfText('12km')).toEqual({ ok: false, value: null });
    expect(fields({ ...filled, mileage: '12km' })).toEqual(['mileage:integer']);
    expect(fields({ ...filled, displacement: '1.5' })).toEqual(['displacement:integer']);
    expect(fields({ ...filled, first_registration_year: '2019', first_registration_month: '13' })).toEqual([
      'first_registration_month:range',
    ]);
  });

  it('keeps the cross-field rules of the domain on their fields', () => {
    expect(fields({ ...filled, first_registration_month: '4' })).toEqual(['first_registration_year:requires']);
    expect(fields({ ...filled, price_with_tax: '100', total_price_with_tax: '90' })).toEqual([
      'total_price_with_tax:range',
    ]);
    expect(fields({ ...filled, analytics_tag_enabled: true })).toEqual(['analytics_tag:required']);
  });

  it('asks for a limited-publication password unless one is stored', () => {
    const on = { ...filled, limited_password_enabled: true };
    expect(fields(on)).toEqual(['limited_password:required']);
    expect(fields(on, true)).toEqual([]);
    expect(fields({ ...on, limited_password: 'ab' })).toEqual(['limited_password:min_length']);
  });

  it('checks the inspector input under inspection', () => {
    const values: ContentFormValues = {
      ...filled,
      inspection: { ...filled.inspection, marks: [{ panel: 'bonnet', symbol: 'A', level: null }] },
    };
    expect(fields(values)).toEqual(['inspection.marks.0.level:required']);
    expect(tabOfField('inspection.marks.0.level')).toBe('inspector');
  });

  it('hands on the API body: choices null when not chosen, numbers as numbers', () => {
    const { body } = bodyOfForm({ ...filled, handle: '', mileage: '12,000', repair_history: 'no' });
    expect(body).toMatchObject({ handle: null, mileage: 12000, repair_history: 'no', management_id: 'A-001' });
    expect(body).not.toHaveProperty('inspection');
    const parsed = contentFormSchema({ passwordSet: false }).safeParse({ ...filled, chassis_number: 'zvw30-1' });
    expect(parsed.success && parsed.data.body.chassis_number).toBe('ZVW30-1');
  });
});

describe('the wizard tabs', () => {
  it('follow the spec order, with the rider view for bikes only', () => {
    expect(tabsFor('car')).not.toContain('rider_view');
    expect(tabsFor('bike').indexOf('rider_view')).toBe(2);
    expect(tabsFor('car').slice(-3)).toEqual(['basic_info', 'development_view', 'inspector']);
  });

  it('mark the tab holding a refused field', () => {
    const errors = contentFormErrors(
      { ...EMPTY_CONTENT_FORM, development_view_position: 'x' as 'inside' },
      {
        passwordSet: false,
      },
    );
    expect(errorsOfTab(errors, 'basic_info').map((e) => e.field)).toEqual(['management_id']);
    expect(tabsWithErrors(['development_view_position', 'management_id'], tabsFor('car'))).toEqual([
      'basic_info',
      'development_view',
    ]);
  });

  it('show bike fields for bikes and the steering side for cars', () => {
    expect(basicInfoKeysFor('bike')).toContain('bike_style');
    expect(basicInfoKeysFor('bike')).not.toContain('handle');
    expect(basicInfoKeysFor('car')).toContain('handle');
    expect(basicInfoKeysFor('car')).not.toContain('parts_category');
  });
});

const stored = {
  management_id: 'A-9',
  chassis_number: '',
  listing_id: '',
  limited_password_enabled: true,
  limited_password_set: true,
  analytics_tag_enabled: false,
  analytics_tag: '',
  option_display: true,
  development_view_display: true,
  development_view_position: 'outside',
  inspection_data_display: false,
  defect_display: false,
  basic_info_shown: ['maker'],
  maker: 'Toyota',
  handle: 'right',
  car_name: 'Prius',
  body_color: '',
  first_registration_year: 2019,
  first_registration_month: null,
  engine_type: '',
  inspection_period: '',
  displacement: null,
  mileage: 12000,
  repair_history: null,
  assessment_score: '',
  price_with_tax: null,
  total_price_with_tax: null,
  phone: '',
  mail: '',
  store: '',
  bike_style: '',
  parts_category: '',
  statutory_inspection: null,
  vehicle_inspection: null,
  listing_link: 'none',
  publication: 'unpublished',
  processes: [],
  inspection: { inspector_name: 'Sato', inspected_on: '', comment: '', marks: [] },
} as unknown as ContentAnswer;

describe('a stored vehicle', () => {
  it('fills the form, the password left empty to keep it', () => {
    const form = formOfContent(stored);
    expect(form).toMatchObject({
      maker: 'Toyota',
      handle: 'right',
      first_registration_year: '2019',
      first_registration_month: '',
      repair_history: '',
      limited_password: '',
      development_view_position: 'outside',
    });
    expect(form.inspection.inspector_name).toBe('Sato');
    expect(fields(form, true)).toEqual([]);
  });

  it('cannot be edited under a listing link or while a process locking updates runs', () => {
    expect(editLockOf(stored)).toBeNull();
    expect(editLockOf({ ...stored, listing_link: 'waiting' })).toEqual({ reason: 'listing', state: 'waiting' });
    expect(editLockOf({ ...stored, listing_link: 'error' })).toBeNull();
    const running = (process: string, status = 'running') =>
      ({ ...stored, processes: [{ process, status }] }) as unknown as ContentAnswer;
    expect(editLockOf(running('transfer'))).toEqual({ reason: 'process', processes: ['transfer'] });
    expect(editLockOf(running('slider_movie'))).toEqual({ reason: 'process', processes: ['slider_movie'] });
    // blur locks delete and transfer, not the vehicle's fields.
    expect(editLockOf(running('blur'))).toBeNull();
    expect(editLockOf(running('transfer', 'failed'))).toBeNull();
    expect(editLockOf({ ...stored, publication: 'deleted' })).toEqual({ reason: 'deleted' });
  });
});

describe('the analytics tag in the wizard', () => {
  const stored = { enabled: true, tag: 'G-ABC123XYZ' };
  it('is edited only while the domain option is on', () => {
    expect(analyticsTagView(true, stored)).toBe('edit');
    expect(analyticsTagView(true, { enabled: false, tag: '' })).toBe('edit');
  });
  it('with the option off, names a stored tag buyers do not get and shows nothing otherwise', () => {
    expect(analyticsTagView(false, stored)).toBe('not_served');
    expect(analyticsTagView(false, { enabled: false, tag: 'G-ABC123XYZ' })).toBe('hidden');
    expect(analyticsTagView(false, { enabled: true, tag: '' })).toBe('hidden');
  });
  it('offers nothing before the profile is read', () => {
    expect(analyticsTagView(undefined, stored)).toBe('hidden');
  });
});
