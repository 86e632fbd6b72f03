import { parseFields } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import { emailChangeFormSchema } from './accountForms.ts';
import { twoStepView } from './twoStepView.ts';

describe('emailChangeFormSchema', () => {
  const rules = (newEmail: string, retypedNewEmail: string, current = 'me@example.com') => {
    const parsed = parseFields(emailChangeFormSchema(current), { newEmail, retypedNewEmail });
    return parsed.ok ? [] : parsed.fields.map((e) => [e.field, e.rule]);
  };

  it('accepts a new address typed twice, ignoring case and spaces in the retype', () => {
    expect(rules('new@example.com', ' NEW@example.com ')).toEqual([]);
  });

  it('refuses an empty, malformed or mismatched address on the field concerned', () => {
    expect(rules('', '')).toEqual([
      ['newEmail', 'required'],
      ['retypedNewEmail', 'required'],
    ]);
    expect(rules('not-an-address', 'not-an-address')).toEqual([['newEmail', 'email']]);
    expect(rules('a@example.com', 'b@example.com')).toEqual([['retypedNewEmail', 'must_match']]);
  });

  it('refuses the current address as the new one', () => {
    expect(rules('ME@example.com', 'me@example.com')).toEqual([['newEmail', 'must_differ']]);
  });
});

describe('twoStepView', () => {
  const base = { enabled: false, enforced: false, available: true, required: false, delivery: ['mail' as const] };

  it('lets the user turn it on and off where the domain offers it', () => {
    expect(twoStepView(base)).toEqual({ on: false, canChange: true, reason: undefined });
    expect(twoStepView({ ...base, enabled: true })).toEqual({ on: true, canChange: true, reason: undefined });
  });

  it('shows it on and locked where the domain requires it', () => {
    expect(twoStepView({ ...base, enforced: true })).toEqual({ on: true, canChange: false, reason: 'enforced' });
  });

  it('locks it off where the domain does not offer it, but lets a user who has it turn it off', () => {
    expect(twoStepView({ ...base, available: false })).toEqual({ on: false, canChange: false, reason: 'not_offered' });
    expect(twoStepView({ ...base, available: false, enabled: true })).toEqual({
      on: true,
      canChange: true,
      reason: undefined,
    });
  });
});
