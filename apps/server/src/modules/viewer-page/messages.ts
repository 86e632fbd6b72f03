import type { Locale } from '@spinyard/domain';
import { preferredLocale } from '../../http/negotiate.ts';

/**
 * The words of the pages the server writes itself (the password gate, the unavailable pages, the first frame's
 * text). The viewer's own catalogues (apps/viewer/src/i18n) hold the rest; these pages run no script.
 */
export interface PageWords {
  title: string;
  first_frame_alt: string;
  gate_heading: string;
  gate_text: string;
  gate_label: string;
  gate_submit: string;
  gate_wrong: string;
  gate_too_many: string;
  unpublished_heading: string;
  unpublished_text: string;
  sleeping_heading: string;
  sleeping_text: string;
  deleted_heading: string;
  deleted_text: string;
  not_found_heading: string;
  not_found_text: string;
  not_built: string;
  /** The end of a shared link's description: what the page offers. */
  share_exterior: string;
  share_with_interior: string;
}

export const PAGE_WORDS: Readonly<Record<Locale, PageWords>> = {
  ja: {
    title: '360°ビュー',
    first_frame_alt: '車両の外装',
    gate_heading: 'パスワードが必要です',
    gate_text: 'この車両は限定公開です。販売店から伝えられたパスワードを入力してください。',
    gate_label: 'パスワード',
    gate_submit: '表示する',
    gate_wrong: 'パスワードが正しくありません。',
    gate_too_many: '誤ったパスワードが続いたため、しばらく入力できません。時間をおいてお試しください。',
    unpublished_heading: 'この車両は公開されていません',
    unpublished_text: '販売店がこの車両の公開を停止しているか、まだ公開していません。',
    sleeping_heading: 'この車両は現在表示できません',
    sleeping_text: 'この車両は一時的に非表示になっています。',
    deleted_heading: 'この車両は削除されました',
    deleted_text: 'この車両の情報はもう公開されていません。',
    not_found_heading: 'ページが見つかりません',
    not_found_text: 'アドレスをご確認ください。',
    not_built: 'ビューアーがまだビルドされていません。',
    share_exterior: '360°で外装を見る',
    share_with_interior: '360°で外装と内装を見る',
  },
  en: {
    title: '360° view',
    first_frame_alt: 'Exterior of the vehicle',
    gate_heading: 'Password required',
    gate_text: 'This vehicle is shown only with a password. Enter the password the dealer gave you.',
    gate_label: 'Password',
    gate_submit: 'Show the vehicle',
    gate_wrong: 'The password is not correct.',
    gate_too_many: 'Too many wrong passwords. Please wait a while and try again.',
    unpublished_heading: 'This vehicle is not published',
    unpublished_text: 'The dealer has not published this vehicle, or has stopped showing it.',
    sleeping_heading: 'This vehicle is not shown at the moment',
    sleeping_text: 'This vehicle is hidden for now.',
    deleted_heading: 'This vehicle has been removed',
    deleted_text: 'This vehicle is no longer shown.',
    not_found_heading: 'Page not found',
    not_found_text: 'Please check the address.',
    not_built: 'The viewer is not built yet.',
    share_exterior: 'Turn it around in 360°',
    share_with_interior: 'Turn it around and look inside in 360°',
  },
  fr: {
    title: 'Vue 360°',
    first_frame_alt: 'Extérieur du véhicule',
    gate_heading: 'Mot de passe requis',
    gate_text: 'Ce véhicule est visible avec un mot de passe. Saisissez celui que le concessionnaire vous a donné.',
    gate_label: 'Mot de passe',
    gate_submit: 'Afficher le véhicule',
    gate_wrong: 'Le mot de passe est incorrect.',
    gate_too_many: 'Trop de mots de passe erronés. Veuillez patienter puis réessayer.',
    unpublished_heading: "Ce véhicule n'est pas publié",
    unpublished_text: "Le concessionnaire n'a pas publié ce véhicule, ou ne le montre plus.",
    sleeping_heading: "Ce véhicule n'est pas visible pour le moment",
    sleeping_text: 'Ce véhicule est masqué pour le moment.',
    deleted_heading: 'Ce véhicule a été retiré',
    deleted_text: "Ce véhicule n'est plus visible.",
    not_found_heading: 'Page introuvable',
    not_found_text: "Veuillez vérifier l'adresse.",
    not_built: "Le lecteur n'est pas encore construit.",
    share_exterior: 'Faites-le tourner à 360°',
    share_with_interior: 'Faites-le tourner et entrez à bord à 360°',
  },
  pt: {
    title: 'Vista 360°',
    first_frame_alt: 'Exterior do veículo',
    gate_heading: 'Senha necessária',
    gate_text: 'Este veículo só é exibido com senha. Digite a senha informada pela concessionária.',
    gate_label: 'Senha',
    gate_submit: 'Mostrar o veículo',
    gate_wrong: 'A senha não está correta.',
    gate_too_many: 'Muitas senhas erradas. Aguarde um pouco e tente novamente.',
    unpublished_heading: 'Este veículo não está publicado',
    unpublished_text: 'A concessionária não publicou este veículo ou deixou de exibi-lo.',
    sleeping_heading: 'Este veículo não está disponível no momento',
    sleeping_text: 'Este veículo está oculto por enquanto.',
    deleted_heading: 'Este veículo foi removido',
    deleted_text: 'Este veículo não é mais exibido.',
    not_found_heading: 'Página não encontrada',
    not_found_text: 'Verifique o endereço.',
    not_built: 'O visualizador ainda não foi compilado.',
    share_exterior: 'Gire-o em 360°',
    share_with_interior: 'Gire-o e veja o interior em 360°',
  },
};

/**
 * The page's language from Accept-Language, else Japanese: unlike the console (which falls back to English), a
 * buyer's page defaults to the dealers' market.
 */
export const pageLocale = (acceptLanguage: string | undefined): Locale => preferredLocale(acceptLanguage, 'ja');
