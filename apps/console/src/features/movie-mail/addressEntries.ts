import { emailSchema, type FieldError, parseFields } from '@spinyard/domain';
import { ApiError } from '../../api/apiError.ts';
import { type FormErrors, fieldMessage, formErrorsOf } from '../../forms/formErrors.ts';
import { i18n } from '../../i18n/i18n.ts';

/** The dialog's two address lists. */
export type AddressList = 'to' | 'cc';

const LIST_NAME: Record<AddressList, string> = { to: 'movieMail.to', cc: 'movieMail.cc' };

/** An address refused, and why (the domain's rule: `email`, `max_length`, `no_duplicates`). */
export interface RefusedEntry {
  address: string;
  rule: string;
}

/**
 * A refused address in the user's language: the address itself first, so that among several chips the user
 * sees which one, then the rule with the list's name («「buyer-at-example」：宛先には正しいメールアドレス…»).
 */
export function entryMessage(list: AddressList, entry: RefusedEntry): string {
  const reason = fieldMessage({ field: list, rule: entry.rule, message: '' }, LIST_NAME[list]);
  return i18n.t('movieMail.entryRefused', { address: entry.address, reason });
}

/**
 * The addresses a list takes as they are entered: each new entry judged by the domain's e-mail rule (the one the
 * server applies, through movieMailFields) and refused when the other list already has it (the server's
 * no_duplicates across both lists). The entries already there are kept as they are.
 */
export function judgeEntries(
  next: readonly string[],
  previous: readonly string[],
  other: readonly string[],
): { accepted: string[]; refused: RefusedEntry[] } {
  const accepted: string[] = [];
  const refused: RefusedEntry[] = [];
  const taken = new Set(other.map((a) => a.toLowerCase()));
  for (const raw of next) {
    const address = raw.trim();
    if (address === '') continue;
    if (previous.includes(address)) {
      accepted.push(address);
      continue;
    }
    const judged = parseFields(emailSchema, address);
    if (!judged.ok) refused.push({ address, rule: judged.fields[0]?.rule ?? 'email' });
    else if (taken.has(judged.data)) refused.push({ address, rule: 'no_duplicates' });
    else accepted.push(address);
  }
  return { accepted, refused };
}

/**
 * A list field's message as the form holds it: about the list itself, else about its first refused address,
 * named with the address (the domain's check on send refuses `to.2`, not the list).
 */
export function listMessage(error: unknown, values: readonly string[] | undefined): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  if (!Array.isArray(error)) return undefined;
  const index = error.findIndex((e) => e?.message);
  const reason = (error[index] as { message?: string } | undefined)?.message;
  const address = values?.[index];
  return reason && address ? i18n.t('movieMail.entryRefused', { address, reason }) : reason;
}

const ENTRY = /^(to|cc)\.(\d+)$/;

/**
 * The server's refusal of a list entry (`to.2`) beside its list, naming the address it refused, read from what
 * was sent; the other refusals as every form shows them (formErrorsOf).
 */
export function mailRefusal<F extends string>(
  error: unknown,
  fields: readonly F[],
  sent: Readonly<Record<AddressList, readonly string[] | undefined>>,
  nameKeys: Partial<Record<F, string>>,
): FormErrors<F> {
  const found = formErrorsOf(error, fields, {}, nameKeys);
  if (!(error instanceof ApiError)) return found;
  const entries = error.fields.flatMap((e: FieldError) => {
    const match = ENTRY.exec(e.field);
    const list = match?.[1] as AddressList | undefined;
    const address = list ? sent[list]?.[Number(match?.[2])] : undefined;
    return list && address !== undefined ? [{ list, message: entryMessage(list, { address, rule: e.rule }) }] : [];
  });
  if (entries.length === 0) return found;
  const byList: Partial<Record<F, string>> = {};
  for (const { list, message } of entries) {
    const key = list as unknown as F;
    byList[key] = byList[key] ? `${byList[key]}\n${message}` : message;
  }
  // The entries are said beside their lists: the sentence above the form keeps only what is about other fields.
  const others = error.fields.filter((e) => !ENTRY.test(e.field) && !fields.some((f) => f === e.field));
  const form = others.length > 0 ? others.map((e) => fieldMessage(e)).join('\n') : undefined;
  return { ...(form ? { form } : {}), fields: { ...found.fields, ...byList } };
}
