import type { Locale } from '@spinyard/domain';
import { escapeHtml } from '../../platform/escape-html.ts';
import type { OutgoingMail } from '../../platform/mail/mailer.ts';
import type { MovieMailSender } from './repo.ts';

/*
 * The movie mail a buyer receives: the dealer's subject and text, then the link and until when it works, in the
 * language of the console it was sent from. Both parts are made from the same words; in the HTML part every value
 * (the dealer's text, names, the link) is escaped, so nothing typed becomes markup. The subject was refused with a
 * line break (schemas/movie-mail.ts), so it cannot start a header.
 */

interface MailWords {
  watch: string;
  button: string;
  until: (date: string) => string;
  sentBy: (who: string) => string;
}

const WORDS: Readonly<Record<Locale, MailWords>> = {
  ja: {
    watch: '車両の動画はこちらからご覧いただけます。',
    button: '動画を見る',
    until: (date) => `このリンクの有効期限：${date}（日本時間）`,
    sentBy: (who) => `送信者：${who}`,
  },
  en: {
    watch: 'Watch the video of the vehicle here:',
    button: 'Watch the video',
    until: (date) => `This link works until ${date} (Japan time).`,
    sentBy: (who) => `Sent by ${who}`,
  },
  fr: {
    watch: 'Regardez la vidéo du véhicule ici :',
    button: 'Voir la vidéo',
    until: (date) => `Ce lien est valable jusqu’au ${date} (heure du Japon).`,
    sentBy: (who) => `Envoyé par ${who}`,
  },
  pt: {
    watch: 'Veja o vídeo do veículo aqui:',
    button: 'Ver o vídeo',
    until: (date) => `Este link é válido até ${date} (hora do Japão).`,
    sentBy: (who) => `Enviado por ${who}`,
  },
};

/** The expiry as the buyer reads it: date and minute in Japan time, in the mail's language. */
export function expiryText(expiresAt: Date, language: Locale): string {
  return new Intl.DateTimeFormat(language, {
    timeZone: 'Asia/Tokyo',
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(expiresAt);
}

/** Who the buyer sees as the sender: the dealer's name, their company, and the service. */
function senderLine(sender: MovieMailSender): string {
  const service = sender.service_name.trim() || 'Spinyard';
  const parts = [sender.name, sender.company_name, service].map((part) => part?.trim() ?? '').filter((p) => p !== '');
  // A company named as the service (the product's own accounts) is said once, not "Spinyard / Spinyard".
  return [...new Set(parts)].join(' / ');
}

export interface MovieMailContent {
  recipients: string[];
  cc: string[];
  subject: string;
  body: string;
  link: string;
  expiresAt: Date;
  language: Locale;
}

export function movieMail(mail: MovieMailContent, sender: MovieMailSender): OutgoingMail {
  const words = WORDS[mail.language];
  const until = words.until(expiryText(mail.expiresAt, mail.language));
  const from = words.sentBy(senderLine(sender));
  const paragraphs = mail.body
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  const href = escapeHtml(mail.link);
  return {
    to: mail.recipients,
    cc: mail.cc,
    // The buyer's answer goes to the dealer who sent it, not to the product's no-reply sender.
    replyTo: sender.email,
    subject: mail.subject,
    text: [mail.body, '', words.watch, mail.link, until, '', '--', from].join('\n'),
    html: `<!doctype html>
<html lang="${mail.language}"><head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title></head>
<body style="font-family:sans-serif;line-height:1.6;color:#1c2430">
${paragraphs}
<p>${escapeHtml(words.watch)}</p>
<p><a href="${href}" style="display:inline-block;padding:10px 18px;background:#1f4fa3;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(words.button)}</a></p>
<p><a href="${href}">${href}</a></p>
<p>${escapeHtml(until)}</p>
<p style="color:#4a5568">${escapeHtml(from)}</p>
</body></html>
`,
  };
}
