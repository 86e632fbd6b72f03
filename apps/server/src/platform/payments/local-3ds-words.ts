import type { Locale } from '@spinyard/domain';

/** The words of the local gateway's test issuer page (local-3ds-routes.ts), in the console's four languages. */
export interface ChallengeWords {
  title: string;
  issuer: string;
  notice: string;
  amount: string;
  card: string;
  authenticate: string;
  fail: string;
  answered: string;
  /** The payment was taken back (a sign-up abandoned or rolled back): nothing is left to answer. */
  cancelled: string;
  back: string;
  not_found: string;
}

export const CHALLENGE_WORDS: Readonly<Record<Locale, ChallengeWords>> = {
  ja: {
    title: '本人認証（3-Dセキュア）',
    issuer: 'テスト用カード発行会社',
    notice:
      'これはローカル決済ゲートウェイのテスト用カード発行会社の画面です。実際のカードには請求されません。本人認証の結果を選んでください。',
    amount: 'お支払い金額',
    card: 'カード',
    authenticate: '認証する',
    fail: '認証に失敗させる',
    answered: 'この本人認証はすでに完了しています。',
    cancelled: 'このお支払いは取り消されたため、本人認証はできません。カードには請求されていません。',
    back: '元の画面に戻る',
    not_found: 'この本人認証は見つかりません。',
  },
  en: {
    title: 'Card authentication (3-D Secure)',
    issuer: 'Test card issuer',
    notice:
      'This is the test card issuer of the local payment gateway. No real card is charged. Choose how the authentication ends.',
    amount: 'Amount',
    card: 'Card',
    authenticate: 'Authenticate',
    fail: 'Fail authentication',
    answered: 'This authentication has already been answered.',
    cancelled: 'This payment was cancelled, so there is nothing to authenticate. Your card has not been charged.',
    back: 'Back to the previous screen',
    not_found: 'This authentication does not exist.',
  },
  fr: {
    title: 'Authentification de la carte (3-D Secure)',
    issuer: 'Émetteur de cartes de test',
    notice:
      "Ceci est l'émetteur de cartes de test de la passerelle de paiement locale. Aucune carte réelle n'est débitée. Choisissez l'issue de l'authentification.",
    amount: 'Montant',
    card: 'Carte',
    authenticate: 'Authentifier',
    fail: "Faire échouer l'authentification",
    answered: 'Cette authentification a déjà reçu une réponse.',
    cancelled: "Ce paiement a été annulé : il n'y a plus rien à authentifier. Votre carte n'a pas été débitée.",
    back: "Retour à l'écran précédent",
    not_found: "Cette authentification n'existe pas.",
  },
  pt: {
    title: 'Autenticação do cartão (3-D Secure)',
    issuer: 'Emissor de cartões de teste',
    notice:
      'Esta é a página do emissor de cartões de teste do gateway de pagamento local. Nenhum cartão real é cobrado. Escolha como termina a autenticação.',
    amount: 'Valor',
    card: 'Cartão',
    authenticate: 'Autenticar',
    fail: 'Falhar a autenticação',
    answered: 'Esta autenticação já foi respondida.',
    cancelled: 'Este pagamento foi cancelado, não há nada a autenticar. O seu cartão não foi cobrado.',
    back: 'Voltar à tela anterior',
    not_found: 'Esta autenticação não existe.',
  },
};
