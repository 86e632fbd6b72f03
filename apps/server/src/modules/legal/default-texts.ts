import {
  CANCELLATION_NOTICE_MONTHS,
  LATE_FEE_ANNUAL_RATE,
  type LegalKind,
  type LegalTexts,
  TAX_RATE,
} from '@spinyard/domain';

const tax = Math.round(TAX_RATE * 100);
const lateFee = (LATE_FEE_ANNUAL_RATE * 100).toFixed(1);
const months = CANCELLATION_NOTICE_MONTHS;

/*
 * The product's default texts (version 0), shown until a domain's master publishes its own. They are placeholders
 * of the operator's lawyer's text, and say so in their first paragraph: a page never passes them off as binding
 * words an operator wrote. Plain text, paragraphs apart by a blank line (schemas/legal.ts). `{{service}}` stands for
 * the domain's service name, put in when read (the contract rules come from the product's constants).
 */

const terms: LegalTexts = {
  ja: `これは本サービスの標準の利用規約です。運営者が独自の利用規約を公開するまでの仮の文面です。

この規約は、貴社およびそのユーザーによる {{service}} の利用に適用されます。登録により、この規約に同意したものとみなします。

1. {{service}} では、貴社の車両の360度ビューを撮影・編集・公開し、自社サイトやお客様と共有できます。

2. 貴社の契約者がユーザーを管理し、各ユーザーはログイン情報を秘密に保持します。アカウントで行われた操作は、そのユーザーの責任となります。

3. 料金は月額で、自動更新されます。表示価格は税抜きで、${tax}%の消費税が加算されます。支払いが遅れた場合、年${lateFee}%の遅延損害金が発生します。

4. 解約は${months}か月以上前にお申し込みください。サービスと請求は現在の契約期間の終了まで続き、終了後は保存されたすべての車両が完全に削除され、貴社のユーザーはログインできなくなります。

5. アップロードした画像・動画・テキストの権利は貴社に帰属します。サービスの提供と、貴社が共有した相手への表示のためにのみ使用します。

6. この規約は変更されることがあります。変更は効力発生前にユーザーにお知らせします。本サービスは日本国内からの利用を前提としています。`,
  en: `These are the service's standard terms of service: placeholder wording until the operator publishes its own.

These terms apply to the use of {{service}} by your company and its users. By registering you accept them.

1. {{service}} lets your company record, edit and publish 360-degree views of its vehicles, and share them on its own site and with its customers.

2. Your company’s account holder manages its users and keeps the sign-in details of every user secret. Each user is responsible for what is done with their account.

3. The service is billed monthly and renews automatically. Prices are shown without the ${tax}% consumption tax, which is added. Late payments bear interest of ${lateFee}% a year.

4. The contract can be cancelled at least ${months} month ahead. The service and its billing go on until the end of the current term; after it every saved vehicle is deleted for good and nobody of the company can sign in.

5. The images, videos and texts you upload remain yours. They are used only to provide the service to you and the people you share them with.

6. These terms may change; users are told of a change before it takes effect. The service is provided for use from Japan.`,
  fr: `Voici les conditions d'utilisation standard du service : un texte provisoire en attendant que l'exploitant publie les siennes.

Ces conditions s’appliquent à l’utilisation de {{service}} par votre société et ses utilisateurs. En vous inscrivant, vous les acceptez.

1. {{service}} permet à votre société de réaliser, modifier et publier des vues à 360 degrés de ses véhicules et de les partager sur son site et avec ses clients.

2. Le titulaire du compte de votre société gère ses utilisateurs ; chaque utilisateur garde ses identifiants secrets et répond de ce qui est fait avec son compte.

3. Le service est facturé chaque mois et se renouvelle automatiquement. Les prix s’entendent hors taxe à la consommation de ${tax} %, qui s’y ajoute. Un retard de paiement porte intérêt à ${lateFee} % par an.

4. Le contrat se résilie au moins ${months} mois à l’avance. Le service et sa facturation continuent jusqu’à la fin de la période en cours ; ensuite, tous les véhicules enregistrés sont supprimés définitivement et plus personne de la société ne peut se connecter.

5. Les images, vidéos et textes que vous envoyez restent les vôtres. Ils ne servent qu’à vous fournir le service et à ceux avec qui vous les partagez.

6. Ces conditions peuvent changer ; les utilisateurs sont prévenus avant l’entrée en vigueur d’un changement. Le service est prévu pour une utilisation depuis le Japon.`,
  pt: `Estes são os termos de uso padrão do serviço: um texto provisório até que o operador publique os seus.

Estes termos se aplicam ao uso do {{service}} pela sua empresa e seus usuários. Ao se cadastrar, você os aceita.

1. O {{service}} permite que sua empresa registre, edite e publique vistas em 360 graus dos seus veículos e as compartilhe no seu site e com seus clientes.

2. O titular da conta da empresa gerencia os usuários; cada usuário mantém seus dados de acesso em sigilo e responde pelo que é feito com sua conta.

3. O serviço é cobrado mensalmente e renovado automaticamente. Os preços não incluem o imposto sobre consumo de ${tax}%, que é acrescentado. Atrasos de pagamento têm juros de ${lateFee}% ao ano.

4. O contrato deve ser cancelado com pelo menos ${months} mês de antecedência. O serviço e a cobrança continuam até o fim do período atual; depois dele, todos os veículos salvos são excluídos definitivamente e ninguém da empresa consegue entrar.

5. As imagens, vídeos e textos que você envia continuam sendo seus. São usados apenas para prestar o serviço a você e a quem você os compartilha.

6. Estes termos podem mudar; os usuários são avisados antes de uma mudança entrar em vigor. O serviço é oferecido para uso a partir do Japão.`,
};

const privacy: LegalTexts = {
  ja: `本ポリシーは、本サービスの標準のプライバシーポリシーです。運営者が独自のポリシーを公開するまでの仮の文面です。

取得する情報
氏名、会社名、メールアドレス、電話番号、ログインの記録、ご利用の状況を取得します。カード番号は決済代行会社が管理し、当社のサーバーには届きません。

利用目的
本サービスの提供、料金の請求、お問い合わせへの回答、サービスの改善のために利用します。

第三者提供
法令に基づく場合を除き、ご本人の同意なく第三者に提供しません。

お問い合わせ
個人情報の開示、訂正、削除のご請求は、お問い合わせフォームからお申し出ください。`,
  en: `This is the service's standard privacy policy: placeholder wording until the operator publishes its own.

What we collect
Names, company name, e-mail address, phone number, sign-in records and how the service is used. Card numbers are held by the payment provider and never reach our servers.

Why
To provide the service, bill for it, answer inquiries and improve the service.

Sharing
We do not share personal data with third parties without consent, except where the law requires it.

Contact
Ask for disclosure, correction or deletion of your data through the contact form.`,
  fr: `Voici la politique de confidentialité standard du service : un texte provisoire en attendant que l'exploitant publie la sienne.

Ce que nous recueillons
Noms, nom de la société, adresse e-mail, numéro de téléphone, historique des connexions et utilisation du service. Les numéros de carte sont conservés par le prestataire de paiement et n'atteignent jamais nos serveurs.

Pourquoi
Pour fournir le service, le facturer, répondre aux demandes et améliorer le service.

Partage
Nous ne communiquons pas de données personnelles à des tiers sans consentement, sauf obligation légale.

Contact
Demandez l'accès, la rectification ou la suppression de vos données via le formulaire de contact.`,
  pt: `Esta é a política de privacidade padrão do serviço: um texto provisório até que o operador publique a sua.

O que recolhemos
Nomes, nome da empresa, endereço de e-mail, telefone, registros de acesso e a uso do serviço. Os números de cartão ficam com o prestador de pagamentos e nunca chegam aos nossos servidores.

Porquê
Para prestar o serviço, cobrar por ele, responder a pedidos e melhorar o serviço.

Partilha
Não partilhamos dados pessoais com terceiros sem consentimento, salvo quando a lei o exige.

Contato
Peça o acesso, a correção ou a exclusão dos seus dados através do formulário de contato.`,
};

const personalInformation: LegalTexts = {
  ja: `本文書は、本サービスの標準の個人情報の取り扱いについての説明です。運営者が独自の文面を公開するまでの仮の文面です。

個人情報の保護に関する法律に基づき、次のとおりお知らせします。

1. ご登録いただく個人情報は、本サービスの提供と料金の請求のために利用します。
2. 業務の一部を委託する場合、委託先を適切に監督します。
3. ご本人からの開示、訂正、利用停止等のご請求には、法令に従い対応します。
4. 個人情報の提供は任意ですが、必要な項目をご提供いただけない場合、本サービスをご利用いただけません。`,
  en: `This is the service's standard notice on the handling of personal information: placeholder wording until the operator publishes its own.

As Japan's Act on the Protection of Personal Information requires, we inform you that:

1. The personal information you register is used to provide the service and to bill for it.
2. Where part of the work is entrusted to others, they are properly supervised.
3. Requests for disclosure, correction or suspension of use are handled as the law provides.
4. Giving personal information is voluntary, but without the required items the service cannot be used.`,
  fr: `Voici la notice standard du service sur le traitement des informations personnelles : un texte provisoire en attendant que l'exploitant publie la sienne.

Conformément à la loi japonaise sur la protection des informations personnelles, nous vous informons que :

1. Les informations personnelles enregistrées servent à fournir le service et à le facturer.
2. Lorsqu'une partie du travail est confiée à des tiers, ceux-ci sont dûment encadrés.
3. Les demandes d'accès, de rectification ou d'arrêt d'utilisation sont traitées comme la loi le prévoit.
4. Fournir ces informations est facultatif, mais sans les éléments requis le service ne peut pas être utilisé.`,
  pt: `Este é o aviso padrão do serviço sobre o tratamento de informações pessoais: um texto provisório até que o operador publique o seu.

Conforme a lei japonesa de proteção de informações pessoais, informamos que:

1. As informações pessoais cadastradas são usadas para prestar o serviço e cobrar por ele.
2. Quando parte do trabalho é confiada a terceiros, estes são devidamente supervisionados.
3. Os pedidos de acesso, correção ou suspensão de uso são tratados conforme a lei.
4. Fornecer informações pessoais é voluntário, mas sem os dados exigidos o serviço não pode ser utilizado.`,
};

const DEFAULT_LEGAL_TEXTS: Readonly<Record<LegalKind, LegalTexts>> = {
  terms,
  privacy,
  personal_information: personalInformation,
};

/** The product's default text of a kind, under the domain's service name. */
export function defaultLegalTexts(kind: LegalKind, serviceName: string): LegalTexts {
  const name = serviceName.trim() || 'Spinyard';
  const texts = DEFAULT_LEGAL_TEXTS[kind];
  const named = (text: string) => text.replaceAll('{{service}}', name);
  return { ja: named(texts.ja), en: named(texts.en), fr: named(texts.fr), pt: named(texts.pt) };
}
