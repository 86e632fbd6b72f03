import { i18n } from '../../../i18n/i18n.ts';

/** A CSV item by its name on the screens: the wizard's field label, or the bulk page's for read-only items. */
export function csvItemName(item: string): string {
  for (const key of [`contentsBulk.items.${item}`, `contentFields.${item}`]) {
    if (i18n.exists(key)) return i18n.t(key);
  }
  return item;
}

/** What a refused cell or row says, in the user's language; the server's English sentence as the last resort. */
export interface CsvReason {
  item: string;
  rule: string;
  message: string;
  params: Record<string, string | number>;
}

/** Bounds as the user writes numbers; a year (under 10,000) without a separator. */
const number = (v: string | number | undefined) =>
  typeof v === 'number'
    ? v.toLocaleString(i18n.resolvedLanguage ?? i18n.language, { useGrouping: Math.abs(v) >= 10_000 })
    : String(v ?? '');

/**
 * The reason of one refusal: a field rule (`validation.<rule>`, with the bounds when the answer names them), a
 * row whose item count differs, or a catalogue code (`errors.<code>`, a locking process by its name).
 */
export function csvReasonText(reason: CsvReason): string {
  const field = csvItemName(reason.item);
  const { rule, params } = reason;
  if (rule === 'range' && params.min !== undefined && params.max !== undefined) {
    return i18n.t('contentsBulk.reasons.range', { field, min: number(params.min), max: number(params.max) });
  }
  if (rule === 'max_length' && params.max !== undefined) {
    return i18n.t('contentsBulk.reasons.max_length', { field, max: number(params.max) });
  }
  if (rule === 'csv_header_mismatch') return i18n.t('contentsBulk.reasons.item_count');
  if (i18n.exists(`validation.${rule}`)) return i18n.t(`validation.${rule}`, { field });
  if (i18n.exists(`errors.${rule}`)) {
    const process = typeof params.process === 'string' ? params.process : undefined;
    const processName = process && i18n.exists(`processes.${process}`) ? i18n.t(`processes.${process}`) : process;
    return i18n.t(`errors.${rule}`, { ...params, ...(processName ? { process: processName } : {}) });
  }
  return reason.message;
}

/** A refusal of the whole file: its catalogue sentence, and the unknown heading when the header names one. */
export function csvFileRefusalText(code: string, item?: string): string {
  const text = i18n.exists(`errors.${code}`) ? i18n.t(`errors.${code}`) : i18n.t('errors.general_error');
  return item ? `${text} ${i18n.t('contentsBulk.unknownItem', { item })}` : text;
}
