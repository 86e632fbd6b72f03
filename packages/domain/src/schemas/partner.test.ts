import { describe, expect, it } from 'vitest';
import { parseFields } from './field-errors.ts';
import { partnerBillingCode, REPORTING_KEY_PATTERN, reportingQuery } from './partner.ts';

describe('partner billing codes', () => {
  it('take empty or exactly their digits, half-width only', () => {
    const department = partnerBillingCode('department');
    expect(department.parse(' 012345 ')).toBe('012345');
    expect(department.parse('')).toBe('');
    for (const bad of ['12345', '1234567', '１２３４５６', '12345a']) {
      const result = parseFields(department, bad);
      expect(result.ok ? 'ok' : result.fields[0]?.rule, bad).toBe('exact_digits');
    }
    expect(partnerBillingCode('job_number').safeParse('12345678').success).toBe(true);
  });

  it('reporting keys and pages have their shapes and bounds', () => {
    expect(REPORTING_KEY_PATTERN.test(`spy_${'a'.repeat(40)}`)).toBe(true);
    expect(REPORTING_KEY_PATTERN.test(`spy_${'A'.repeat(40)}`)).toBe(false);
    expect(reportingQuery.parse({})).toEqual({ page: 1, limit: 100 });
    expect(reportingQuery.safeParse({ limit: '1001' }).success).toBe(false);
  });
});
