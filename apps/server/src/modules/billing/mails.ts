import { formatMoney, type PlanFormCurrency } from '@spinyard/domain';
import type { OutgoingMail } from '../../platform/mail/mailer.ts';

/**
 * The billing mails to the dealer. Users have no language setting (modules/auth/mails.ts), so each mail carries
 * Japanese first and English after, under the domain's service name, as the account mails do.
 */

const brand = (serviceName: string) => serviceName.trim() || 'Spinyard';
/** A day as the dealer in Japan reads it (2026-12-04 for 19:00 UTC on 3 December): Japan's date, written Y-M-D. */
const JAPAN_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' });
const dateOf = (at: Date) => JAPAN_DAY.format(at);

/** An amount as the console shows it (￥10,780, $108.90), read alike in the mail's Japanese and English parts. */
export function moneyText(amount: number, currency: PlanFormCurrency): string {
  return formatMoney(amount, currency, 'ja');
}

function mail(
  to: string,
  serviceName: string,
  subject: { ja: string; en: string },
  ja: string[],
  en: string[],
): OutgoingMail {
  const name = brand(serviceName);
  return { to, subject: `【${name}】${subject.ja} / ${subject.en}`, text: [...ja, '', '----', '', ...en].join('\n') };
}

export interface PayerMail {
  to: string;
  serviceName: string;
  /** The console page the mail sends the dealer to, at the public URL ('' for none). */
  link: string;
}

export function paymentFailedMail(p: PayerMail, amount: string, retryAt: Date | null): OutgoingMail {
  const next = retryAt ? dateOf(retryAt) : null;
  return mail(
    p.to,
    p.serviceName,
    { ja: 'お支払いができませんでした', en: 'Your payment failed' },
    [
      `ご登録のカードで ${amount} をお支払いいただけませんでした。`,
      next ? `${next} に再度お支払いを試みます。` : 'これ以上の再試行はありません。契約は失効しました。',
      'カードを更新すると、未払い額がすぐに決済され、ご利用を再開できます。',
      '',
      p.link,
    ],
    [
      `We could not charge ${amount} to your card.`,
      next ? `We will try again on ${next}.` : 'There are no more tries: the contract has expired.',
      'Update your card to pay the open amount at once and get back to work.',
      '',
      p.link,
    ],
  );
}

export function renewalReceiptMail(p: PayerMail, amount: string, periodEnd: Date | null): OutgoingMail {
  // The period's end is the next renewal's instant: named as that (the contract page's 次回請求日), since the invoice
  // shows the period to its last day, the day before (periodLastDay); "renewed until" the end read one day long.
  const next = periodEnd ? dateOf(periodEnd) : null;
  return mail(
    p.to,
    p.serviceName,
    { ja: 'お支払いが完了しました', en: 'Your payment went through' },
    [
      `ご登録のカードで ${amount} をお支払いいただきました。`,
      next ? `ご契約を更新しました。次回請求日は ${next} です。` : 'ご契約を更新しました。',
      '請求書(適格請求書)は次のページからダウンロードできます。',
      '',
      p.link,
    ],
    [
      `We charged ${amount} to your card.`,
      next ? `Your contract is renewed; the next billing date is ${next}.` : 'Your contract is renewed.',
      'Download the invoice (a qualified invoice) from this page:',
      '',
      p.link,
    ],
  );
}

export function cardExpiringMail(p: PayerMail, last4: string, renewalAt: Date): OutgoingMail {
  return mail(
    p.to,
    p.serviceName,
    { ja: 'カードの有効期限が近づいています', en: 'Your card expires before the renewal' },
    [
      `末尾 ${last4} のカードは、次回の更新日 ${dateOf(renewalAt)} より前に有効期限が切れます。カードを更新してください。`,
      '',
      p.link,
    ],
    [`The card ending in ${last4} expires before your renewal on ${dateOf(renewalAt)}. Please update it.`, '', p.link],
  );
}

/**
 * A week before a cancelled contract ends, while the dealer can still sign in: the date sign-in ends, the date the
 * vehicles go, and what to save before the end (the vehicle list's CSV, the invoices), with the console's link.
 */
export function contractEndingMail(p: PayerMail, endsAt: Date, removalAt: Date): OutgoingMail {
  return mail(
    p.to,
    p.serviceName,
    { ja: `ご契約は ${dateOf(endsAt)} に終了します`, en: `Your contract ends on ${dateOf(endsAt)}` },
    [
      `解約のお手続きをいただいたご契約は ${dateOf(endsAt)} に終了し、それ以降はサインインできなくなります。`,
      `登録された車両は ${dateOf(removalAt)} に削除されます。`,
      '車両のデータ(車両一覧の「CSVダウンロード」)や請求書など、必要なものは終了日までにサインインして保存してください。',
      '終了日の30日より前であれば、決済管理の「ご契約プラン」から解約を取り消せます。',
      '',
      p.link,
    ],
    [
      `The contract you cancelled ends on ${dateOf(endsAt)}; after that you can no longer sign in.`,
      `Your vehicles will be removed on ${dateOf(removalAt)}.`,
      "Sign in before the end to save what you need: your vehicles' data (the vehicle list's CSV download) and your invoices.",
      'Until 30 days before the end you can take the cancellation back on the subscription page.',
      '',
      p.link,
    ],
  );
}

/**
 * At the end: sign-in has ended (a cancelled account cannot sign in), so the mail only says what happens and when,
 * and asks nothing the dealer could no longer do; the notice a week before asked them to save their data.
 */
export function contractEndedMail(p: PayerMail, endedAt: Date, removalAt: Date): OutgoingMail {
  return mail(
    p.to,
    p.serviceName,
    { ja: 'ご契約が終了しました', en: 'Your contract has ended' },
    [
      `ご契約は ${dateOf(endedAt)} に終了し、サインインできなくなりました。`,
      `登録された車両は ${dateOf(removalAt)} に削除されます。これまでのご利用ありがとうございました。`,
    ],
    [
      `Your contract ended on ${dateOf(endedAt)}, and signing in is no longer possible.`,
      `Your vehicles will be removed on ${dateOf(removalAt)}. Thank you for using the service.`,
    ],
  );
}
