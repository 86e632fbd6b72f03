import type { Contact, ContactType, LegalLanguage } from '@spinyard/domain';
import type { OutgoingMail } from '../../platform/mail/mailer.ts';
import type { ContactSender } from './repo.ts';

/*
 * The contact form's two mails. Plain text only (no HTML part), so nothing a sender typed can become markup in a
 * mail reader; the subject was refused with a line break (schemas/legal.ts), so it cannot start a header either.
 * The operator's mail is in Japanese and English like the other operator-facing mails; the sender's copy is in the
 * language of the console they wrote from.
 */

const TYPE_NAMES: Record<LegalLanguage, Record<ContactType, string>> = {
  ja: {
    service: 'サービスについて',
    contract_price: '契約・料金について',
    security: 'セキュリティについて',
    cancellation: '解約について',
    other: 'その他',
  },
  en: {
    service: 'Service',
    contract_price: 'Contract and price',
    security: 'Security',
    cancellation: 'Cancellation',
    other: 'Other',
  },
  fr: {
    service: 'Service',
    contract_price: 'Contrat et tarifs',
    security: 'Sécurité',
    cancellation: 'Résiliation',
    other: 'Autre',
  },
  pt: {
    service: 'Serviço',
    contract_price: 'Contrato e preço',
    security: 'Segurança',
    cancellation: 'Cancelamento',
    other: 'Outro',
  },
};

const COPY_WORDS: Record<LegalLanguage, { subject: string; intro: string; type: string; title: string }> = {
  ja: {
    subject: 'お問い合わせを受け付けました',
    intro: '以下の内容でお問い合わせを受け付けました。担当者より順次ご連絡いたします。',
    type: 'お問い合わせ種別',
    title: '件名',
  },
  en: {
    subject: 'We received your inquiry',
    intro: 'We received the inquiry below. We will get back to you as soon as we can.',
    type: 'Inquiry type',
    title: 'Subject',
  },
  fr: {
    subject: 'Nous avons bien reçu votre demande',
    intro: 'Nous avons bien reçu la demande ci-dessous. Nous vous répondrons dès que possible.',
    type: 'Type de demande',
    title: 'Objet',
  },
  pt: {
    subject: 'Recebemos o seu pedido',
    intro: 'Recebemos o pedido abaixo. Responderemos assim que possível.',
    type: 'Tipo de pedido',
    title: 'Assunto',
  },
};

const brand = (serviceName: string) => serviceName.trim() || 'Spinyard';

export function operatorMail(to: string[], sender: ContactSender, contact: Contact, sentAt: Date): OutgoingMail {
  const type = `${TYPE_NAMES.ja[contact.inquiry_type]} / ${TYPE_NAMES.en[contact.inquiry_type]}`;
  const plan = sender.plan_id ? `${sender.plan_name ?? ''} (${sender.plan_id})` : '-';
  return {
    to,
    subject: `【${brand(sender.service_name)}】お問い合わせ / Inquiry: ${contact.subject}`,
    text: [
      `種別 / Type: ${type}`,
      `件名 / Subject: ${contact.subject}`,
      `受付 / Received: ${sentAt.toISOString()}`,
      '',
      '---- 送信者 / Sender ----',
      `氏名 / Name: ${sender.name}`,
      `メール / E-mail: ${sender.email}`,
      `会社 / Company: ${sender.company_name ?? '-'}`,
      `ドメイン / Domain: ${sender.domain_host} (${sender.company_code})`,
      `ユーザーID / User id: ${sender.id} (${sender.privilege_type})`,
      `プラン / Plan: ${plan}`,
      `言語 / Language: ${contact.language}`,
      '',
      '---- 本文 / Message ----',
      contact.body,
    ].join('\n'),
  };
}

export function senderCopyMail(sender: ContactSender, contact: Contact): OutgoingMail {
  const words = COPY_WORDS[contact.language];
  return {
    to: sender.email,
    subject: `【${brand(sender.service_name)}】${words.subject}`,
    text: [
      words.intro,
      '',
      `${words.type}: ${TYPE_NAMES[contact.language][contact.inquiry_type]}`,
      `${words.title}: ${contact.subject}`,
      '',
      contact.body,
    ].join('\n'),
  };
}
