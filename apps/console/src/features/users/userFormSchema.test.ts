import { parseFields } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import { fieldsOfUserForm, userFormSchema } from './userFormSchema.ts';
import { EMPTY_USER_FORM, type UserFormValues } from './userRules.ts';

const VALID: UserFormValues = {
  ...EMPTY_USER_FORM,
  privilegeType: 'normal',
  email: 'staff@example.com',
  password: 'secret123',
  name: 'Staff',
  parentUserId: '12',
};

const rules = (values: UserFormValues, mode: 'add' | 'edit' = 'add') => {
  const parsed = parseFields(userFormSchema(mode), fieldsOfUserForm(values));
  return parsed.ok ? [] : parsed.fields.map((f) => `${f.field}:${f.rule}`);
};

describe('userFormSchema', () => {
  it('hands on the values it accepts, back under the form names', () => {
    const parsed = parseFields(userFormSchema('add'), fieldsOfUserForm(VALID));
    expect(parsed).toEqual({ ok: true, data: VALID });
  });

  it("reports the API body's rules and the parent a normal user needs on the API's field names", () => {
    expect(rules({ ...VALID, email: 'nope', parentUserId: '', carLimit: '-5' })).toEqual([
      'email:email',
      'parent_user_id:required',
      'car_limit:range',
    ]);
    expect(rules({ ...VALID, privilegeType: '' })).toEqual(['privilege_type:required']);
  });

  it('lets an edit keep the password empty', () => {
    expect(rules({ ...VALID, password: '' }, 'edit')).toEqual([]);
    expect(rules({ ...VALID, password: '' }, 'add')).toEqual(['password:required']);
  });
});
