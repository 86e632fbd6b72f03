import type { OutgoingMail } from '../../platform/mail/mailer.ts';

/**
 * The texts of the account mails. Users have no language setting and the console's default language is
 * Japanese, so each mail carries Japanese first and English after. The sender's name is the domain's service
 * name, so white-label tenants' users see their own brand.
 */

function minutesText(ms: number): { ja: string; en: string } {
  const minutes = Math.round(ms / 60_000);
  if (minutes % 1440 === 0) {
    const days = minutes / 1440;
    return { ja: `${days}日間`, en: days === 1 ? '1 day' : `${days} days` };
  }
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return { ja: `${hours}時間`, en: hours === 1 ? '1 hour' : `${hours} hours` };
  }
  return { ja: `${minutes}分間`, en: minutes === 1 ? '1 minute' : `${minutes} minutes` };
}

const brand = (serviceName: string) => serviceName.trim() || 'Spinyard';

/** One mail's words: the subject and the body, each in Japanese and in English. */
interface MailText {
  subject: { ja: string; en: string };
  ja: string[];
  en: string[];
}

/** Every account mail's frame: the brand in the subject, Japanese first, a rule, then English. */
function bilingualMail(to: string, serviceName: string, words: (name: string) => MailText): OutgoingMail {
  const name = brand(serviceName);
  const { subject, ja, en } = words(name);
  return { to, subject: `【${name}】${subject.ja} / ${subject.en}`, text: [...ja, '', '----', '', ...en].join('\n') };
}

/** A link or code on its own line, set apart from the sentences around it. */
const apart = (line: string) => ['', line, ''];

export function twoStepCodeMail(to: string, serviceName: string, code: string, ttlMs: number): OutgoingMail {
  const valid = minutesText(ttlMs);
  return bilingualMail(to, serviceName, (name) => ({
    subject: { ja: '認証コード', en: 'Your verification code' },
    ja: [
      `${name} へのログインの認証コードです。`,
      ...apart(`認証コード: ${code}`),
      `このコードは${valid.ja}有効です。心当たりのない場合は、パスワードを変更してください。`,
    ],
    en: [
      `Your verification code for signing in to ${name}:`,
      ...apart(code),
      `It is valid for ${valid.en}. If you did not try to sign in, change your password.`,
    ],
  }));
}

export function twoStepCodeSms(serviceName: string, code: string, ttlMs: number): string {
  const valid = minutesText(ttlMs);
  return `${brand(serviceName)}: 認証コード ${code} (${valid.ja}有効) / Your code is ${code} (valid ${valid.en}).`;
}

export function passwordResetMail(to: string, serviceName: string, link: string, ttlMs: number): OutgoingMail {
  const valid = minutesText(ttlMs);
  return bilingualMail(to, serviceName, (name) => ({
    subject: { ja: 'パスワードの再設定', en: 'Reset your password' },
    ja: [
      'パスワード再設定のご依頼を受け付けました。次のリンクから新しいパスワードを設定してください。',
      ...apart(link),
      `リンクの有効期限は${valid.ja}です。心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。`,
    ],
    en: [
      `We received a request to reset your ${name} password. Set a new one here:`,
      ...apart(link),
      `The link works once and for ${valid.en}. If you did not ask for it, ignore this mail: your password stays as it is.`,
    ],
  }));
}

export function passwordChangedMail(to: string, serviceName: string): OutgoingMail {
  return bilingualMail(to, serviceName, (name) => ({
    subject: { ja: 'パスワードが変更されました', en: 'Your password was changed' },
    ja: [
      `${name} のパスワードが変更され、他の端末はログアウトされました。`,
      '心当たりのない場合は、すぐにパスワードの再設定を行い、管理者に連絡してください。',
    ],
    en: [
      `Your ${name} password was changed and your other devices were signed out.`,
      'If this was not you, reset your password now and contact your administrator.',
    ],
  }));
}

/** The end of an activation: the new account chose its first password (no other device was signed in). */
export function accountReadyMail(to: string, serviceName: string): OutgoingMail {
  return bilingualMail(to, serviceName, (name) => ({
    subject: { ja: 'アカウントの登録が完了しました', en: 'Your account is ready' },
    ja: [
      `${name} のアカウントの有効化とパスワードの設定が完了しました。`,
      'メールアドレスと設定したパスワードでログインしてください。',
    ],
    en: [
      `Your account on ${name} is active and its password is set.`,
      'Sign in with your e-mail address and the password you chose.',
    ],
  }));
}

export function activationMail(to: string, serviceName: string, link: string, ttlMs: number): OutgoingMail {
  const valid = minutesText(ttlMs);
  return bilingualMail(to, serviceName, (name) => ({
    subject: { ja: 'アカウントの有効化', en: 'Activate your account' },
    ja: [
      `${name} のアカウントが作成されました。次のリンクからアカウントを有効化してください。`,
      ...apart(link),
      `リンクの有効期限は${valid.ja}です。`,
    ],
    en: [
      `An account was created for you on ${name}. Activate it here:`,
      ...apart(link),
      `The link is valid for ${valid.en}.`,
    ],
  }));
}

export function emailChangeConfirmMail(to: string, serviceName: string, link: string, ttlMs: number): OutgoingMail {
  const valid = minutesText(ttlMs);
  return bilingualMail(to, serviceName, (name) => ({
    subject: { ja: 'メールアドレス変更の確認', en: 'Confirm your new e-mail address' },
    ja: [
      `${name} のログイン用メールアドレスをこのアドレスに変更するご依頼を受け付けました。`,
      '次のリンクを開くと変更が完了します。',
      ...apart(link),
      `リンクの有効期限は${valid.ja}です。心当たりのない場合は、このメールを破棄してください。`,
    ],
    en: [
      `Someone asked to use this address to sign in to ${name}. Open this link to confirm the change:`,
      ...apart(link),
      `The link is valid for ${valid.en}. If you did not ask for it, ignore this mail.`,
    ],
  }));
}

export function emailChangeNoticeMail(to: string, serviceName: string, newEmail: string): OutgoingMail {
  return bilingualMail(to, serviceName, (name) => ({
    subject: { ja: 'メールアドレス変更のお知らせ', en: 'E-mail address change requested' },
    ja: [
      `${name} のログイン用メールアドレスを ${newEmail} に変更するご依頼がありました。`,
      '変更は新しいアドレスで確認された時点で有効になります。心当たりのない場合は、パスワードを変更してください。',
    ],
    en: [
      `A change of your ${name} sign-in address to ${newEmail} was requested.`,
      'It takes effect once confirmed from the new address. If this was not you, change your password.',
    ],
  }));
}
