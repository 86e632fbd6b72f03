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

export function twoStepCodeMail(to: string, serviceName: string, code: string, ttlMs: number): OutgoingMail {
  const valid = minutesText(ttlMs);
  const name = brand(serviceName);
  return {
    to,
    subject: `【${name}】認証コード / Your verification code`,
    text: [
      `${name} へのログインの認証コードです。`,
      '',
      `認証コード: ${code}`,
      '',
      `このコードは${valid.ja}有効です。心当たりのない場合は、パスワードを変更してください。`,
      '',
      '----',
      '',
      `Your verification code for signing in to ${name}:`,
      '',
      code,
      '',
      `It is valid for ${valid.en}. If you did not try to sign in, change your password.`,
    ].join('\n'),
  };
}

export function twoStepCodeSms(serviceName: string, code: string, ttlMs: number): string {
  const valid = minutesText(ttlMs);
  return `${brand(serviceName)}: 認証コード ${code} (${valid.ja}有効) / Your code is ${code} (valid ${valid.en}).`;
}

export function passwordResetMail(to: string, serviceName: string, link: string, ttlMs: number): OutgoingMail {
  const valid = minutesText(ttlMs);
  const name = brand(serviceName);
  return {
    to,
    subject: `【${name}】パスワードの再設定 / Reset your password`,
    text: [
      'パスワード再設定のご依頼を受け付けました。次のリンクから新しいパスワードを設定してください。',
      '',
      link,
      '',
      `リンクの有効期限は${valid.ja}です。心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。`,
      '',
      '----',
      '',
      `We received a request to reset your ${name} password. Set a new one here:`,
      '',
      link,
      '',
      `The link works once and for ${valid.en}. If you did not ask for it, ignore this mail: your password stays as it is.`,
    ].join('\n'),
  };
}

export function passwordChangedMail(to: string, serviceName: string): OutgoingMail {
  const name = brand(serviceName);
  return {
    to,
    subject: `【${name}】パスワードが変更されました / Your password was changed`,
    text: [
      `${name} のパスワードが変更され、他の端末はログアウトされました。`,
      '心当たりのない場合は、すぐにパスワードの再設定を行い、管理者に連絡してください。',
      '',
      '----',
      '',
      `Your ${name} password was changed and your other devices were signed out.`,
      'If this was not you, reset your password now and contact your administrator.',
    ].join('\n'),
  };
}

/** The end of an activation: the new account chose its first password (no other device was signed in). */
export function accountReadyMail(to: string, serviceName: string): OutgoingMail {
  const name = brand(serviceName);
  return {
    to,
    subject: `【${name}】アカウントの登録が完了しました / Your account is ready`,
    text: [
      `${name} のアカウントの有効化とパスワードの設定が完了しました。`,
      'メールアドレスと設定したパスワードでログインしてください。',
      '',
      '----',
      '',
      `Your account on ${name} is active and its password is set.`,
      'Sign in with your e-mail address and the password you chose.',
    ].join('\n'),
  };
}

export function activationMail(to: string, serviceName: string, link: string, ttlMs: number): OutgoingMail {
  const valid = minutesText(ttlMs);
  const name = brand(serviceName);
  return {
    to,
    subject: `【${name}】アカウントの有効化 / Activate your account`,
    text: [
      `${name} のアカウントが作成されました。次のリンクからアカウントを有効化してください。`,
      '',
      link,
      '',
      `リンクの有効期限は${valid.ja}です。`,
      '',
      '----',
      '',
      `An account was created for you on ${name}. Activate it here:`,
      '',
      link,
      '',
      `The link is valid for ${valid.en}.`,
    ].join('\n'),
  };
}

export function emailChangeConfirmMail(to: string, serviceName: string, link: string, ttlMs: number): OutgoingMail {
  const valid = minutesText(ttlMs);
  const name = brand(serviceName);
  return {
    to,
    subject: `【${name}】メールアドレス変更の確認 / Confirm your new e-mail address`,
    text: [
      `${name} のログイン用メールアドレスをこのアドレスに変更するご依頼を受け付けました。`,
      '次のリンクを開くと変更が完了します。',
      '',
      link,
      '',
      `リンクの有効期限は${valid.ja}です。心当たりのない場合は、このメールを破棄してください。`,
      '',
      '----',
      '',
      `Someone asked to use this address to sign in to ${name}. Open this link to confirm the change:`,
      '',
      link,
      '',
      `The link is valid for ${valid.en}. If you did not ask for it, ignore this mail.`,
    ].join('\n'),
  };
}

export function emailChangeNoticeMail(to: string, serviceName: string, newEmail: string): OutgoingMail {
  const name = brand(serviceName);
  return {
    to,
    subject: `【${name}】メールアドレス変更のお知らせ / E-mail address change requested`,
    text: [
      `${name} のログイン用メールアドレスを ${newEmail} に変更するご依頼がありました。`,
      '変更は新しいアドレスで確認された時点で有効になります。心当たりのない場合は、パスワードを変更してください。',
      '',
      '----',
      '',
      `A change of your ${name} sign-in address to ${newEmail} was requested.`,
      'It takes effect once confirmed from the new address. If this was not you, change your password.',
    ].join('\n'),
  };
}
