import type { Locale } from '@spinyard/domain';

/**
 * The words of invitations, changes, cancellations and reminders, in the invitee's language (Japanese unless the
 * invitee's was chosen). The time is written in the invitee's time zone, with the zone named, so a buyer abroad
 * reads their own clock.
 */

export type InvitationKind = 'invite' | 'update' | 'cancel' | 'remind';

interface Words {
  subject: Record<InvitationKind, string>;
  opening: Record<InvitationKind, string>;
  when: string;
  host: string;
  link: string;
  linkInInvitation: string;
  vehicles: string;
}

const WORDS: Record<Locale, Words> = {
  ja: {
    subject: {
      invite: 'Web商談のご案内',
      update: 'Web商談の変更のお知らせ',
      cancel: 'Web商談の取り消しのお知らせ',
      remind: 'まもなくWeb商談が始まります',
    },
    opening: {
      invite: 'Web商談にご招待します。',
      update: 'Web商談の内容が変更されました。以前のリンクは使えません。下のリンクからご参加ください。',
      cancel: '次のWeb商談は取り消されました。',
      remind: 'まもなくWeb商談が始まります。',
    },
    when: '日時',
    host: '担当',
    link: '参加用リンク（インストール不要、ブラウザで開けます）',
    linkInInvitation: 'ご案内のメールまたはSMSのリンクからご参加ください。',
    vehicles: '車両',
  },
  en: {
    subject: {
      invite: 'Invitation to an online meeting',
      update: 'Your online meeting has changed',
      cancel: 'Your online meeting is cancelled',
      remind: 'Your online meeting starts soon',
    },
    opening: {
      invite: 'You are invited to an online meeting.',
      update: 'Your online meeting has changed. The earlier link no longer works: join with the link below.',
      cancel: 'The following online meeting is cancelled.',
      remind: 'Your online meeting starts soon.',
    },
    when: 'When',
    host: 'Host',
    link: 'Join link (opens in your browser, nothing to install)',
    linkInInvitation: 'Join with the link of your invitation (mail or SMS).',
    vehicles: 'Vehicles',
  },
  fr: {
    subject: {
      invite: 'Invitation à une réunion en ligne',
      update: 'Votre réunion en ligne a changé',
      cancel: 'Votre réunion en ligne est annulée',
      remind: 'Votre réunion en ligne commence bientôt',
    },
    opening: {
      invite: 'Vous êtes invité à une réunion en ligne.',
      update:
        "Votre réunion en ligne a changé. L'ancien lien ne fonctionne plus : rejoignez-la avec le lien ci-dessous.",
      cancel: 'La réunion en ligne suivante est annulée.',
      remind: 'Votre réunion en ligne commence bientôt.',
    },
    when: 'Date',
    host: 'Hôte',
    link: 'Lien pour rejoindre (dans votre navigateur, rien à installer)',
    linkInInvitation: 'Rejoignez-la avec le lien de votre invitation (e-mail ou SMS).',
    vehicles: 'Véhicules',
  },
  pt: {
    subject: {
      invite: 'Convite para uma reunião on-line',
      update: 'Sua reunião on-line mudou',
      cancel: 'Sua reunião on-line foi cancelada',
      remind: 'Sua reunião on-line começa em breve',
    },
    opening: {
      invite: 'Você está convidado para uma reunião on-line.',
      update: 'Sua reunião on-line mudou. O link anterior não funciona mais: entre com o link abaixo.',
      cancel: 'A seguinte reunião on-line foi cancelada.',
      remind: 'Sua reunião on-line começa em breve.',
    },
    when: 'Quando',
    host: 'Anfitrião',
    link: 'Link para entrar (abre no navegador, nada a instalar)',
    linkInInvitation: 'Entre com o link do seu convite (e-mail ou SMS).',
    vehicles: 'Veículos',
  },
};

const INTL_LOCALE: Record<Locale, string> = { ja: 'ja-JP', en: 'en-US', fr: 'fr-FR', pt: 'pt-BR' };

/** "2026年12月1日(火) 10:00〜11:00 (Asia/Tokyo)": the start and end in the zone given, the zone named. */
export function meetingTime(start: Date, end: Date, timeZone: string, locale: Locale): string {
  const day = new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'full', timeZone }).format(start);
  const clock = new Intl.DateTimeFormat(INTL_LOCALE[locale], { timeStyle: 'short', timeZone });
  return `${day} ${clock.format(start)}–${clock.format(end)} (${timeZone})`;
}

export interface MessageInput {
  kind: InvitationKind;
  locale: Locale;
  serviceName: string;
  title: string;
  description: string;
  hostName: string;
  when: string;
  vehicles: readonly string[];
  url: string | undefined;
}

export function invitationMail(m: MessageInput): { subject: string; text: string } {
  const w = WORDS[m.locale];
  const lines = [
    w.opening[m.kind],
    '',
    m.title,
    `${w.when}: ${m.when}`,
    `${w.host}: ${m.hostName}`,
    ...(m.vehicles.length > 0 ? [`${w.vehicles}: ${m.vehicles.join(', ')}`] : []),
    ...(m.description ? ['', m.description] : []),
    ...(m.kind === 'cancel' ? [] : ['', m.url ? `${w.link}:\n${m.url}` : w.linkInInvitation]),
    '',
    m.serviceName,
  ];
  return { subject: `[${m.serviceName}] ${w.subject[m.kind]}: ${m.title}`, text: lines.join('\n') };
}

/** An SMS: the one line that matters and the link, short enough for one or two messages. */
export function invitationSms(m: MessageInput): string {
  const w = WORDS[m.locale];
  const head = `[${m.serviceName}] ${w.subject[m.kind]}: ${m.title} ${m.when}`;
  if (m.kind === 'cancel') return head;
  return m.url ? `${head}\n${m.url}` : `${head}\n${w.linkInInvitation}`;
}
