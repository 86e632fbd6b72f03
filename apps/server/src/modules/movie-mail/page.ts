import type { Locale } from '@spinyard/domain';
import { escapeHtml } from '../../platform/escape-html.ts';
import { expiryText } from './mails.ts';

/**
 * The page a mailed movie link opens (`/movie/{token}`): the promo film in a player sized for a phone, or, once the
 * link has expired, been withdrawn or lost its movie, a page that says so plainly in the buyer's language (from
 * Accept-Language) with no player and no media URL in it. Written by the server, no script; every value escaped.
 */

export type MoviePageState =
  | {
      kind: 'playing';
      title: string;
      video: string;
      /** The 720p copy, which a phone plays instead (a third of the bytes on a mobile network). */
      small: string | null;
      poster: string | null;
      expiresAt: Date;
    }
  | { kind: 'expired'; expiresAt: Date }
  | { kind: 'unavailable' }
  | { kind: 'not_found' };

interface PageWords {
  title: string;
  until: (date: string) => string;
  no_video: string;
  expired_heading: string;
  expired_text: (date: string) => string;
  unavailable_heading: string;
  unavailable_text: string;
  not_found_heading: string;
  not_found_text: string;
}

const WORDS: Readonly<Record<Locale, PageWords>> = {
  ja: {
    title: '車両の動画',
    until: (date) => `このリンクは ${date}（日本時間）まで有効です。`,
    no_video: 'お使いのブラウザでは動画を再生できません。',
    expired_heading: 'このリンクの有効期限が切れました',
    expired_text: (date) =>
      `この動画のリンクは ${date}（日本時間）に期限切れになりました。ご覧になりたい場合は、メールを送った販売店に新しいリンクをご依頼ください。`,
    unavailable_heading: 'この動画は現在ご覧いただけません',
    unavailable_text: '販売店がこの動画の公開を終了しました。詳しくはメールを送った販売店にお問い合わせください。',
    not_found_heading: 'リンクが見つかりません',
    not_found_text: 'メールのリンクを最後までコピーしたかご確認ください。販売店がリンクを取り消した可能性もあります。',
  },
  en: {
    title: 'Vehicle video',
    until: (date) => `This link works until ${date} (Japan time).`,
    no_video: 'Your browser cannot play this video.',
    expired_heading: 'This link has expired',
    expired_text: (date) =>
      `The link to this video expired on ${date} (Japan time). To watch it, ask the dealer who mailed it for a new link.`,
    unavailable_heading: 'This video is not available',
    unavailable_text: 'The dealer no longer shows this video. Please contact the dealer who mailed it.',
    not_found_heading: 'Link not found',
    not_found_text: 'Check that the whole link from the mail was copied. The dealer may also have withdrawn the link.',
  },
  fr: {
    title: 'Vidéo du véhicule',
    until: (date) => `Ce lien est valable jusqu’au ${date} (heure du Japon).`,
    no_video: 'Votre navigateur ne peut pas lire cette vidéo.',
    expired_heading: 'Ce lien a expiré',
    expired_text: (date) =>
      `Le lien vers cette vidéo a expiré le ${date} (heure du Japon). Pour la voir, demandez un nouveau lien au concessionnaire qui vous l’a envoyé.`,
    unavailable_heading: 'Cette vidéo n’est plus disponible',
    unavailable_text:
      'Le concessionnaire ne montre plus cette vidéo. Contactez le concessionnaire qui vous l’a envoyée.',
    not_found_heading: 'Lien introuvable',
    not_found_text:
      'Vérifiez que le lien du message a été copié en entier. Le concessionnaire a peut-être aussi retiré le lien.',
  },
  pt: {
    title: 'Vídeo do veículo',
    until: (date) => `Este link é válido até ${date} (hora do Japão).`,
    no_video: 'O seu navegador não consegue reproduzir este vídeo.',
    expired_heading: 'Este link expirou',
    expired_text: (date) =>
      `O link para este vídeo expirou em ${date} (hora do Japão). Para o ver, peça um novo link ao concessionário que o enviou.`,
    unavailable_heading: 'Este vídeo não está disponível',
    unavailable_text: 'O concessionário já não mostra este vídeo. Contacte o concessionário que o enviou.',
    not_found_heading: 'Link não encontrado',
    not_found_text:
      'Verifique se o link do e-mail foi copiado por inteiro. O concessionário também pode ter retirado o link.',
  },
};

/** The page's status: the player 200, an expired or withdrawn-movie link 410 (gone for good), an unknown one 404. */
export const MOVIE_PAGE_STATUS: Readonly<Record<MoviePageState['kind'], number>> = {
  playing: 200,
  expired: 410,
  unavailable: 410,
  not_found: 404,
};

/** No script, no frame, media and images from this origin only (the signed movie files). */
export const MOVIE_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; media-src 'self'; img-src 'self'; base-uri 'none'; " +
  "form-action 'none'; frame-ancestors 'none'";

const STYLE = `
body { margin: 0; font-family: system-ui, sans-serif; background: #10151c; color: #f2f4f7; }
main { max-width: 60rem; margin: 0 auto; padding: 1rem; box-sizing: border-box; }
h1 { font-size: 1.25rem; margin: .5rem 0 1rem; }
video { display: block; width: 100%; height: auto; aspect-ratio: 16 / 9; background: #000; border-radius: 6px; }
p { line-height: 1.6; }
.note { color: #c6ccd6; font-size: .9rem; }
.notice { background: #fff; color: #1c2430; border-radius: 8px; padding: 1.25rem; margin-top: 2rem; }
`;

function shell(lang: Locale, title: string, main: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${main}
</main>
</body>
</html>
`;
}

export function moviePageHtml(state: MoviePageState, lang: Locale): string {
  const words = WORDS[lang];
  const notice = (heading: string, text: string) =>
    shell(
      lang,
      heading,
      `<div class="notice" role="alert"><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(text)}</p></div>`,
    );
  switch (state.kind) {
    case 'playing': {
      const poster = state.poster ? ` poster="${escapeHtml(state.poster)}"` : '';
      // A screen as narrow as a phone's (or a small tablet's) takes the 720p file; the browser picks the first match.
      const small = state.small
        ? `<source media="(max-width: 960px)" src="${escapeHtml(state.small)}" type="video/mp4">`
        : '';
      const title = state.title.trim() || words.title;
      return shell(
        lang,
        title,
        `<h1>${escapeHtml(title)}</h1>
<video controls playsinline preload="metadata"${poster}>${small}<source src="${escapeHtml(state.video)}" type="video/mp4">${escapeHtml(words.no_video)}</video>
<p class="note">${escapeHtml(words.until(expiryText(state.expiresAt, lang)))}</p>`,
      );
    }
    case 'expired':
      return notice(words.expired_heading, words.expired_text(expiryText(state.expiresAt, lang)));
    case 'unavailable':
      return notice(words.unavailable_heading, words.unavailable_text);
    case 'not_found':
      return notice(words.not_found_heading, words.not_found_text);
  }
}
