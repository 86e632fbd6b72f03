import { describe, expect, it } from 'vitest';
import { csCriteoCsvQuery, csCsvQuery, csPeriodQuery } from './listing-reports.ts';

const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((i) => i.path.join('.')) ?? [];

describe("the master's listing reports' periods", () => {
  it('takes a year for the figures and a month for a file, naming `to` past either', () => {
    expect(csPeriodQuery.safeParse({ from: '2026-01-01', to: '2027-01-01' }).success).toBe(true);
    expect(issuesOf(csPeriodQuery.safeParse({ from: '2026-01-01', to: '2027-01-02' }))).toEqual(['to']);
    expect(csCsvQuery.safeParse({ from: '2026-01-01', to: '2026-01-31' }).success).toBe(true);
    expect(issuesOf(csCsvQuery.safeParse({ from: '2026-01-01', to: '2026-03-01' }))).toEqual(['to']);
  });

  it('asks the advertising file for the dealer too', () => {
    expect(issuesOf(csCriteoCsvQuery.safeParse({ from: '2026-01-01', to: '2026-01-02' }))).toEqual(['user_id']);
  });
});
