import { DEFAULT_DOMAIN_OPTIONS, type DomainOptions } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import type { DomainDetail } from '../../../api/domains.ts';
import {
  changedOptions,
  createBodyOf,
  domainFormErrors,
  domainFormOf,
  emptyDomainForm,
  errorsByField,
  numberInputValue,
  optionErrors,
  optionFormValuesOf,
  optionsOfForm,
  superUserNameOf,
  updateBodyOf,
} from './domainForm.ts';

const rules = (errors: { field: string; rule: string }[]) => errors.map((e) => `${e.field}:${e.rule}`);

function detail(overrides: Partial<DomainDetail> = {}, options: Partial<DomainOptions> = {}): DomainDetail {
  return {
    id: '7',
    host: 'dealer.example.com',
    company_code: '0101',
    service_name: 'Dealer 360',
    host_flags: ['bike'],
    status: 'active',
    deletion_requested_at: null,
    vehicle_limit: null,
    limit_mode: 'per_domain',
    registered_vehicles: 3,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    options: { ...DEFAULT_DOMAIN_OPTIONS, service_name: 'Dealer 360', ...options },
    logo_url: null,
    splash_url: null,
    round_logo_url: null,
    main_company: { id: '9', name: 'Dealer Inc.' },
    super_users: [],
    ...overrides,
  };
}

function filledForm() {
  return {
    ...emptyDomainForm(),
    host: 'Shop.Example.com',
    company_code: '0101',
    service_name: 'Shop 360',
    super_user_email: 'Boss@Example.com',
  };
}

describe('option form values', () => {
  it('hold choices as text and give them back in their own type', () => {
    const values = optionFormValuesOf({ ...DEFAULT_DOMAIN_OPTIONS, web_negotiation_participants: 4 });
    expect(values.web_negotiation_participants).toBe('4');
    expect(values.vehicle_limit).toBeNull();
    const { options, errors } = optionsOfForm(values);
    expect(errors).toEqual([]);
    expect(options.web_negotiation_participants).toBe(4);
    expect(options.exterior_size).toBe('full_hd');
  });

  it('report an empty number box as required (unlimited is its own checkbox)', () => {
    const values = { ...optionFormValuesOf(DEFAULT_DOMAIN_OPTIONS), vehicle_limit: '', exterior_frame_count: '' };
    expect(rules(optionsOfForm(values).errors)).toEqual([
      'options.vehicle_limit:required',
      'options.exterior_frame_count:required',
    ]);
  });

  it('check bounds and the rules between options with the domain package', () => {
    const values = {
      ...optionFormValuesOf(DEFAULT_DOMAIN_OPTIONS),
      max_manual_hotspots: 500,
      obvr_rows_max: 2,
      obvr_initial_row: 3,
      two_step_auth: false,
      two_step_auth_enforced: true,
    };
    expect(rules(optionErrors(values))).toEqual([
      'options.max_manual_hotspots:range',
      'options.obvr_initial_row:range',
      'options.two_step_auth_enforced:requires',
    ]);
  });

  it('reads number inputs leniently', () => {
    expect(numberInputValue(12)).toBe(12);
    expect(numberInputValue('')).toBe('');
    expect(numberInputValue(' 30 ')).toBe(30);
    expect(numberInputValue('-')).toBe('');
  });

  it('lists the options that differ, null included', () => {
    const values = { ...optionFormValuesOf(DEFAULT_DOMAIN_OPTIONS), vehicle_limit: 50, brightness: true };
    expect(changedOptions(DEFAULT_DOMAIN_OPTIONS, values)).toEqual({ vehicle_limit: 50, brightness: true });
    const back = { ...optionFormValuesOf({ ...DEFAULT_DOMAIN_OPTIONS, vehicle_limit: 50 }), vehicle_limit: null };
    expect(changedOptions({ ...DEFAULT_DOMAIN_OPTIONS, vehicle_limit: 50 }, back)).toEqual({ vehicle_limit: null });
  });
});

describe('domain form', () => {
  it('names every problem of a new domain under the server’s field names', () => {
    const form = { ...emptyDomainForm(), host: 'my--shop.example.com', company_code: '12a' };
    expect(rules(domainFormErrors(form, 'add'))).toEqual([
      'host:no_repeated_hyphens',
      'service_name:required',
      'company_code:format',
      'super_user.email:required',
    ]);
    expect(rules(domainFormErrors({ ...form, company_code: ' ' }, 'add'))).toContain('company_code:required');
    expect(domainFormErrors(filledForm(), 'add')).toEqual([]);
  });

  it('does not check the fixed company code or the super user when editing', () => {
    const form = { ...domainFormOf(detail()), company_code: 'x' };
    expect(domainFormErrors(form, 'edit')).toEqual([]);
  });

  it('builds the create body: normalised host and e-mail, changed options only, a name for the super user', () => {
    const form = { ...filledForm(), host_flags: ['auction' as const] };
    form.options = { ...form.options, vehicle_limit: 100 };
    expect(createBodyOf(form)).toEqual({
      host: 'shop.example.com',
      company_code: '0101',
      service_name: 'Shop 360',
      host_flags: ['auction'],
      options: { vehicle_limit: 100 },
      super_user: { email: 'boss@example.com', name: 'Shop 360' },
    });
    expect(superUserNameOf({ ...form, company_name: ' Shop Inc. ' })).toBe('Shop Inc.');
    expect(superUserNameOf({ ...form, super_user_name: 'Ms. Sato' })).toBe('Ms. Sato');
  });

  it('builds an update body of what changed only', () => {
    const stored = detail({}, { vehicle_limit: 20 });
    const untouched = domainFormOf(stored);
    expect(updateBodyOf(untouched, stored)).toEqual({});
    const changed = { ...untouched, service_name: 'New name', host_flags: [] };
    changed.options = { ...changed.options, vehicle_limit: 30 };
    expect(updateBodyOf(changed, stored)).toEqual({
      service_name: 'New name',
      host_flags: [],
      options: { vehicle_limit: 30 },
    });
    expect(updateBodyOf({ ...untouched, host: 'DEALER.example.com' }, stored)).toEqual({});
  });

  it('keeps the first error of each field', () => {
    const byField = errorsByField([
      { field: 'host', rule: 'format', message: '' },
      { field: 'host', rule: 'required', message: '' },
    ]);
    expect(byField.host?.rule).toBe('format');
  });
});
