import { describe, expect, it } from 'vitest';
import { DOMAIN_OPTION_BOUNDS, DOMAIN_OPTION_FIELDS, VEHICLE_LIMIT_MODES } from './domain.ts';
import { DOMAIN_OPTION_CONTROLS } from './domain-option-controls.ts';

describe('DOMAIN_OPTION_CONTROLS: the kind of each option, read from its schema', () => {
  it('has a control for every option', () => {
    expect(Object.keys(DOMAIN_OPTION_CONTROLS).sort()).toEqual(Object.keys(DOMAIN_OPTION_FIELDS).sort());
  });

  it('reads switches, choices, bounds and "unlimited" from the schemas', () => {
    expect(DOMAIN_OPTION_CONTROLS.brightness).toEqual({ kind: 'flag' });
    expect(DOMAIN_OPTION_CONTROLS.limit_mode).toEqual({ kind: 'choice', values: VEHICLE_LIMIT_MODES });
    expect(DOMAIN_OPTION_CONTROLS.web_negotiation_participants).toEqual({ kind: 'choice', values: [2, 3, 4] });
    expect(DOMAIN_OPTION_CONTROLS.vehicle_limit).toEqual({
      kind: 'number',
      min: 0,
      max: DOMAIN_OPTION_BOUNDS.vehicle_limit_max,
      nullable: true,
    });
    expect(DOMAIN_OPTION_CONTROLS.splash_seconds).toEqual({ kind: 'number', min: 1, max: 30, nullable: false });
    expect(DOMAIN_OPTION_CONTROLS.service_name).toEqual({ kind: 'text' });
  });
});
