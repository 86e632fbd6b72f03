import { canDeleteUser, canImportUsersCsv, canToggleUser } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../api/profile.ts';
import type { UserRecord } from '../../api/users.ts';
import { profileFixture } from '../../test-support/profiles.ts';
import { precheckUserCsv } from './userCsvRules.ts';
import { actorOf, createBodyOf, EMPTY_USER_FORM, formOf, targetOf, updateBodyOf, userFormErrors } from './userRules.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const HEADER = 'email,password,privilege_type,name,parent_email,company_section,car_limit\n';

/** The caller's profile: `privilege`, in a domain that lets users be added (or not). */
const profile = (privilege: 'master' | 'super' | 'admin' | 'normal', isUserAdd = true): Profile =>
  profileFixture({ user: { privilege_type: privilege }, options: { is_user_add: isUserAdd }, company: null });

const user = (over: Partial<UserRecord> = {}): UserRecord => ({
  id: '7',
  email: 'taro@example.com',
  name: 'Taro',
  first_name: '',
  last_name: '',
  display_name: 'Taro',
  privilege_type: 'normal',
  status: 'active',
  domain_id: '3',
  domain_host: 'example.com',
  company_id: null,
  company_name: 'Shop',
  parent_user_id: '5',
  parent_name: 'Hanako',
  parent_email: 'hanako@example.com',
  group_id: null,
  group_name: null,
  company_section: 'Sales',
  phone: '',
  car_limit: null,
  login_code: '',
  shop_code: '',
  username_alias: [],
  corporation_code: '',
  store_name: '',
  department: '',
  job_number: '',
  authorizer_job_number: '',
  login_limit_count: null,
  is_pay_by_credit: false,
  two_step_auth: false,
  two_step_forced: false,
  last_login_at: null,
  activated_at: null,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
  ...over,
});

describe('permissions from the profile', () => {
  it('lets a super user toggle and delete users of the domain, and import a CSV', () => {
    const actor = actorOf(profile('super'));
    expect(canToggleUser(actor, targetOf(user())).ok).toBe(true);
    expect(canDeleteUser(actor, targetOf(user()), { hasProcessingContent: false }).ok).toBe(true);
    expect(canImportUsersCsv(actor).ok).toBe(true);
  });

  it('refuses an admin the toggle, and everyone the CSV when user management is off', () => {
    expect(canToggleUser(actorOf(profile('admin')), targetOf(user({ parent_user_id: '1' }))).ok).toBe(false);
    expect(canImportUsersCsv(actorOf(profile('super', false))).ok).toBe(false);
  });

  it('never deletes a super user or oneself', () => {
    const actor = actorOf(profile('master'));
    const superUser = targetOf(user({ privilege_type: 'super', parent_user_id: null }));
    expect(canDeleteUser(actor, superUser, { hasProcessingContent: false })).toEqual({
      ok: false,
      reason: 'super_user_undeletable',
    });
    expect(canDeleteUser(actor, targetOf(user({ id: '1' })), { hasProcessingContent: false }).ok).toBe(false);
  });
});

describe('the user form', () => {
  it('names every broken rule at once on the API field names', () => {
    const errors = userFormErrors(
      {
        ...EMPTY_USER_FORM,
        privilegeType: 'normal',
        email: 'nope',
        password: 'short',
        phone: '03 12',
        carLimit: '1.5',
      },
      'add',
    );
    expect(errors.map((e) => `${e.field}:${e.rule}`)).toEqual([
      'email:email',
      'password:min_length',
      'name:required',
      'parent_user_id:required',
      'phone:format',
      'car_limit:integer',
    ]);
  });

  it('asks for a role and refuses accented passwords when adding', () => {
    const errors = userFormErrors({ ...EMPTY_USER_FORM, email: 'a@b.jp', password: 'pässwort123', name: 'A' }, 'add');
    expect(errors.map((e) => `${e.field}:${e.rule}`)).toEqual(['privilege_type:required', 'password:ascii_only']);
  });

  it('checks with the API body schema: bounds of the vehicle limit, the one phone rule, name length', () => {
    const rules = (over: Partial<typeof EMPTY_USER_FORM>) =>
      userFormErrors({ ...formOf(user()), ...over }, 'edit').map((e) => `${e.field}:${e.rule}`);
    expect(rules({ carLimit: '-5' })).toEqual(['car_limit:range']);
    expect(rules({ carLimit: 'ten' })).toEqual(['car_limit:integer']);
    expect(rules({ carLimit: '1000000' })).toEqual([]);
    expect(rules({ phone: '12345' })).toEqual(['phone:format']);
    expect(rules({ phone: '1'.repeat(21) })).toEqual(['phone:max_length']);
    expect(rules({ phone: ' 03-1234-5678 ' })).toEqual([]);
    expect(rules({ name: 'x'.repeat(101) })).toEqual(['name:max_length']);
    expect(rules({ email: '' })).toEqual(['email:required']);
  });

  it('leaves the password optional when editing', () => {
    expect(userFormErrors(formOf(user()), 'edit')).toEqual([]);
    expect(userFormErrors({ ...formOf(user()), carLimit: '2000000' }, 'edit')[0]?.rule).toBe('range');
  });

  it('builds the create body, with a parent only for normal users', () => {
    const values = {
      ...EMPTY_USER_FORM,
      privilegeType: 'admin' as const,
      email: ' A@B.jp ',
      password: 'abcdefg1',
      name: ' Ann ',
      parentUserId: '5',
      carLimit: '12',
    };
    expect(createBodyOf(values)).toEqual({
      email: 'A@B.jp',
      password: 'abcdefg1',
      privilege_type: 'admin',
      name: 'Ann',
      company_section: '',
      phone: '',
      car_limit: 12,
      department: '',
      job_number: '',
      authorizer_job_number: '',
    });
    expect(createBodyOf({ ...values, privilegeType: 'normal' }).parent_user_id).toBe('5');
  });

  it('sends only what changed when editing', () => {
    const before = formOf(user());
    expect(updateBodyOf(before, before)).toEqual({});
    expect(updateBodyOf({ ...before, carLimit: '', password: 'newpass12', parentUserId: '9' }, before)).toEqual({
      password: 'newpass12',
      parent_user_id: '9',
    });
    expect(updateBodyOf({ ...before, carLimit: '3', email: 'TARO@example.com' }, before)).toEqual({ car_limit: 3 });
    expect(updateBodyOf({ ...before, twoStepForced: true }, before)).toEqual({ two_step_forced: true });
    expect(formOf(user({ two_step_forced: true })).twoStepForced).toBe(true);
    expect(updateBodyOf({ ...before, job_number: ' 12345678 ' }, before)).toEqual({ job_number: '12345678' });
  });

  it('takes the partner billing codes with exactly their digits, or empty', () => {
    const values = {
      ...formOf(user()),
      department: '12345',
      job_number: '１２３４５６７８',
      authorizer_job_number: '',
    };
    expect(userFormErrors(values, 'edit').map((e) => `${e.field}:${e.rule}`)).toEqual([
      'department:exact_digits',
      'job_number:exact_digits',
    ]);
    expect(userFormErrors({ ...values, department: '123456', job_number: '12345678' }, 'edit')).toEqual([]);
  });
});

describe('the browser CSV check', () => {
  it('accepts a well-formed file whose parents it cannot know', () => {
    expect(precheckUserCsv(bytes(`${HEADER}n@x.jp,abcdefgh,normal,N,boss@x.jp,,\n`))).toEqual([]);
  });

  it('reports file-level rules', () => {
    expect(precheckUserCsv(bytes(HEADER))).toEqual([{ row: null, code: 'csv_no_user' }]);
    expect(precheckUserCsv(bytes('mail,password\n'))[0]?.code).toBe('csv_header_mismatch');
    expect(precheckUserCsv(new Uint8Array([0xff, 0xfe, 0x00]))[0]?.code).toBe('csv_not_utf8');
    const many = Array.from({ length: 101 }, (_, i) => `u${i}@x.jp,abcdefgh,admin,U,,,`).join('\n');
    expect(precheckUserCsv(bytes(`${HEADER}${many}\n`))).toEqual([{ row: null, code: 'csv_over_100' }]);
  });

  it('reports row-format errors with their row and column', () => {
    const errors = precheckUserCsv(bytes(`${HEADER}bad,short,admin,A,,,\nok@x.jp,abcdefgh,admin,B,x@x.jp,,\n`));
    expect(errors).toEqual([
      { row: 1, code: 'csv_invalid_email', field: 'email' },
      { row: 1, code: 'csv_password_too_short', field: 'password' },
      { row: 2, code: 'csv_unneeded_parent', field: 'parent_email' },
    ]);
  });
});
