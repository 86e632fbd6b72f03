import { parseFields } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import { emptyDomainForm } from './domainForm.ts';
import { apiFieldOf, domainFormSchema, fieldErrorsOfForm, formPathOf } from './domainFormSchema.ts';

describe('domainFormSchema', () => {
  it("puts each refusal on the form's own input: the super user's fields flat, the options nested", () => {
    const values = {
      ...emptyDomainForm(),
      host: 'dealer.example.com',
      company_code: '12',
      service_name: 'Dealer',
      super_user_email: 'not an address',
      options: { ...emptyDomainForm().options, vehicle_limit: -5 },
    };
    const parsed = parseFields(domainFormSchema('add'), values);
    const fields = parsed.ok ? [] : parsed.fields.map((f) => `${f.field}:${f.rule}`);
    expect(fields).toContain('super_user_email:email');
    expect(fields).toContain('options.vehicle_limit:range');
    expect(fields.some((f) => f.startsWith('company_code:'))).toBe(true);
  });

  it('leaves out what only adding asks for when editing', () => {
    const values = { ...emptyDomainForm(), host: 'dealer.example.com', service_name: 'Dealer' };
    expect(parseFields(domainFormSchema('edit'), values)).toMatchObject({ ok: true });
    expect(parseFields(domainFormSchema('add'), values).ok).toBe(false);
  });
});

describe('field paths', () => {
  it("map the server's names to the form's and back", () => {
    expect(formPathOf('super_user.email')).toBe('super_user_email');
    expect(formPathOf('super_user')).toBe('super_user_email');
    expect(formPathOf('options.vehicle_limit')).toBe('options.vehicle_limit');
    expect(apiFieldOf('super_user_name')).toBe('super_user.name');
    expect(apiFieldOf('host')).toBe('host');
  });

  it("read react-hook-form's nested errors back as the server names them", () => {
    const errors = {
      host: { type: 'format', message: 'bad host' },
      super_user_email: { type: 'email', message: 'bad mail' },
      options: { vehicle_limit: { type: 'range', message: 'out' } },
      root: { server: { type: 'server', message: 'x' } },
    };
    expect(fieldErrorsOfForm(errors)).toEqual([
      { field: 'host', rule: 'format', message: 'bad host' },
      { field: 'super_user.email', rule: 'email', message: 'bad mail' },
      { field: 'options.vehicle_limit', rule: 'range', message: 'out' },
    ]);
  });
});
