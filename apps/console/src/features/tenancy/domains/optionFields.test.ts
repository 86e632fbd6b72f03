import { DEFAULT_DOMAIN_OPTIONS, DOMAIN_OPTION_FIELDS, domainOptionsPatchSchema } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import en from '../../../i18n/en.json';
import fr from '../../../i18n/fr.json';
import ja from '../../../i18n/ja.json';
import pt from '../../../i18n/pt.json';
import {
  NULLABLE_OPTION_KEYS,
  OPTION_CONTROLS,
  OPTION_DEPENDS_ON,
  OPTION_KEYS,
  OPTION_SECTION_IDS,
  OPTION_SECTIONS,
  OPTIONS_WITH_HELP,
} from './optionFields.ts';

const CATALOGUES = { ja, en, fr, pt };

function lookup(catalogue: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
}

describe('domain option controls', () => {
  it('cover every option of the domain package except the service name (edited with the basics)', () => {
    const all = Object.keys(DOMAIN_OPTION_FIELDS)
      .filter((k) => k !== 'service_name')
      .sort();
    expect([...OPTION_KEYS].sort()).toEqual(all);
  });

  it('put every option in exactly one section', () => {
    const placed = OPTION_SECTION_IDS.flatMap((s) => OPTION_SECTIONS[s]);
    expect(new Set(placed).size).toBe(placed.length);
    expect([...placed].sort()).toEqual([...OPTION_KEYS].sort());
  });

  it('offer only values and bounds the domain package accepts', () => {
    for (const key of OPTION_KEYS) {
      const control = OPTION_CONTROLS[key];
      if (control.kind === 'choice') {
        for (const value of control.values) {
          expect(domainOptionsPatchSchema.safeParse({ [key]: value }).success, `${key}=${value}`).toBe(true);
        }
        expect(domainOptionsPatchSchema.safeParse({ [key]: '__nope__' }).success, key).toBe(false);
      } else if (control.kind === 'number') {
        const ok = (v: unknown) => domainOptionsPatchSchema.safeParse({ [key]: v }).success;
        expect(ok(control.min), `${key} min`).toBe(true);
        expect(ok(control.max), `${key} max`).toBe(true);
        expect(ok(control.min - 1), `${key} below`).toBe(false);
        expect(ok(control.max + 1), `${key} above`).toBe(false);
        expect(ok(null), `${key} null`).toBe(control.nullable);
      } else {
        expect(typeof DEFAULT_DOMAIN_OPTIONS[key], key).toBe('boolean');
      }
    }
  });

  it('make options depend only on switches', () => {
    for (const parent of Object.values(OPTION_DEPENDS_ON)) {
      if (parent) expect(OPTION_CONTROLS[parent].kind).toBe('flag');
    }
  });

  it.each(Object.entries(CATALOGUES))('has every label, value, help and "unlimited" text in %s', (_lng, catalogue) => {
    const missing: string[] = [];
    const need = (key: string) => {
      if (typeof lookup(catalogue, key) !== 'string') missing.push(key);
    };
    for (const key of OPTION_KEYS) {
      need(`options.labels.${key}`);
      const control = OPTION_CONTROLS[key];
      if (control.kind === 'choice') for (const v of control.values) need(`options.values.${key}.${v}`);
    }
    for (const key of OPTIONS_WITH_HELP) need(`options.help.${key}`);
    for (const key of NULLABLE_OPTION_KEYS) need(`options.unlimited.${key}`);
    for (const section of OPTION_SECTION_IDS) {
      need(`options.sections.${section}.title`);
      need(`options.sections.${section}.description`);
    }
    expect(missing).toEqual([]);
  });

  // The operator who turns damage detection on reads, under its switch, that this server cannot run it and why
  // (docs/decisions.md "Damage detection"): the button is hidden elsewhere, so this is where it is said.
  it('says under the damage detection switch that it is not available here, in every language', () => {
    expect(OPTIONS_WITH_HELP).toContain('damage_detection');
    const notAvailable = {
      ja: 'このサーバーでは使えません',
      en: 'Not available',
      fr: 'Non disponible',
      pt: 'Indisponível',
    };
    for (const [lng, catalogue] of Object.entries(CATALOGUES)) {
      expect(lookup(catalogue, 'options.help.damage_detection')).toContain(
        notAvailable[lng as keyof typeof notAvailable],
      );
    }
  });
});
