import { PLAN_FORM_CURRENCIES, PLAN_INTERVALS, PLAN_STATUSES, type PlanAnswer } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import fr from '../../i18n/fr.json';
import ja from '../../i18n/ja.json';
import pt from '../../i18n/pt.json';
import { inLanguage } from '../../test-support/inLanguage.ts';
import { lockedPlanFields, PLAN_FIELDS, planFieldText } from './planText.ts';

const plan = (overrides: Partial<PlanAnswer>): PlanAnswer => ({
  id: 'basic',
  name: 'Basic',
  amount: 1000,
  interval: 'month',
  currency: 'jpy',
  statement_descriptor: '',
  vehicle_limit: null,
  status: 'active',
  enabled: true,
  shown: true,
  subscriber_count: 0,
  created_at: '',
  updated_at: '',
  ...overrides,
});

describe('plan texts', () => {
  inLanguage('en');

  it('has every key the plan screens build, in all four languages', () => {
    const keys = [
      ...PLAN_FIELDS.map((f) => `fields.${f}`),
      ...PLAN_FORM_CURRENCIES.flatMap((c) => [`currencyOptions.${c}`, `help.amount.${c}`]),
      ...PLAN_INTERVALS.map((v) => `intervalOptions.${v}`),
      ...PLAN_STATUSES.map((v) => `statusOptions.${v}`),
      ...[
        'id',
        'name',
        'amount',
        'interval',
        'vehicle_limit',
        'status',
        'enabled',
        'shown',
        'subscribers',
        'actions',
      ].map((c) => `list.columns.${c}`),
    ];
    for (const catalogue of [ja, en, fr, pt]) {
      for (const key of keys) {
        const value = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue.billingPlans);
        expect(typeof value, key).toBe('string');
      }
    }
  });

  it('words a refusal by the plan rule’s own sentence, else by field rule with the form’s label', () => {
    const sentences = [
      ['id', 'duplicate_plan_id', 'This plan ID is already used.'],
      ['amount', 'minor_unit', 'Amount has more decimals than the currency has.'],
      ['id', 'alphanumeric', 'Plan ID may contain only letters and digits.'],
    ] as const;
    for (const [field, rule, sentence] of sentences) {
      expect(planFieldText({ field, rule, message: '' }), `${field} ${rule}`).toBe(sentence);
    }
  });

  it('shows read-only what running contracts and the free plan fix', () => {
    expect([...lockedPlanFields(undefined)]).toEqual([]);
    expect([...lockedPlanFields(plan({}))]).toEqual([]);
    expect([...lockedPlanFields(plan({ subscriber_count: 2 }))].sort()).toEqual(
      ['amount', 'currency', 'enabled', 'interval', 'status'].sort(),
    );
    expect([...lockedPlanFields(plan({ id: 'free', amount: 0 }))].sort()).toEqual(['amount', 'enabled', 'status']);
  });
});
