import type { BasicInfoKey, ContentAnswer } from '@spinyard/domain';
import { i18n } from '../../../i18n/i18n.ts';

/** A stored value as the detail page shows it: "-" when empty, choices and units in the user's language. */
export const EMPTY_VALUE = '-';

const CHOICE_KEYS = new Set<string>(['handle', 'repair_history', 'statutory_inspection', 'vehicle_inspection']);
const UNITS: Partial<Record<string, string>> = {
  displacement: 'cc',
  mileage: 'km',
  price_with_tax: 'yen',
  total_price_with_tax: 'yen',
};

export function basicInfoValue(content: ContentAnswer, key: BasicInfoKey): string {
  const value = content[key];
  if (value === null || value === '') return EMPTY_VALUE;
  if (CHOICE_KEYS.has(key)) return i18n.t(`contentsWizard.choices.${key}.${value}`);
  if (typeof value === 'number') {
    const unit = UNITS[key];
    const number = key.startsWith('first_registration') ? String(value) : value.toLocaleString(i18n.language);
    return unit ? `${number} ${i18n.t(`contentsWizard.units.${unit}`)}` : number;
  }
  return value;
}

export function textValue(value: string | null | undefined): string {
  return value === null || value === undefined || value === '' ? EMPTY_VALUE : value;
}

export function onOff(value: boolean): string {
  return i18n.t(value ? 'contentsDetail.on' : 'contentsDetail.off');
}
