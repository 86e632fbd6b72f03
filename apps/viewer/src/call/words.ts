import type { ViewerLocale } from '../i18n/i18n.ts';

/**
 * The call page's words in the four languages. Apart from the viewer's catalogues, so the buyer's viewer page does
 * not carry them; the refusals' texts are the domain's (CALL_REFUSALS), as the server sends them.
 */
const ja = {
  title: 'Web商談',
  joining: '商談に接続しています',
  reconnecting: '接続が切れました。再接続しています…',
  waiting_others: 'ほかの参加者を待っています',
  you: 'あなた',
  host: 'ホスト',
  mute: 'マイクをミュート',
  unmute: 'ミュートを解除',
  camera_off: 'カメラをオフ',
  camera_on: 'カメラをオン',
  share_screen: '画面を共有',
  stop_share: '共有を停止',
  leave: '退出',
  leave_host: '商談を終了',
  controls: '通話の操作',
  participants: '参加者',
  video_of: '{name}の映像',
  camera_refused_title: 'カメラとマイクが使えません',
  camera_refused_text:
    'ブラウザがカメラとマイクの使用を許可していません。アドレスバーのカメラのアイコンから許可して、もう一度お試しください。',
  camera_missing_text: 'カメラまたはマイクが見つかりません。接続を確かめて、もう一度お試しください。',
  try_again: 'もう一度試す',
  join_without_camera: 'カメラなしで参加',
  ended_host_left: 'ホストが退出したため、商談は終了しました。',
  ended_time_up: '予定の時間になったため、商談は終了しました。',
  replaced: 'この商談は別のタブまたは端末で開かれています。',
  no_link: 'リンクが正しくありません。招待のメールまたはSMSのリンクを開いてください。',
  shared_view: '共有ビュー',
  view_following: '{name}の操作に合わせて表示しています',
  view_yours: 'あなたが操作しています。参加者全員に同じ画面が表示されます',
  give_control: '操作する人',
  no_vehicle: 'この商談には公開中の車両がありません。',
  open_interior: '内装を見る',
  close_interior: '外装に戻る',
} as const;

type Words = { readonly [K in keyof typeof ja]: string };

const en: Words = {
  title: 'Web negotiation',
  joining: 'Connecting to the meeting',
  reconnecting: 'Connection lost. Reconnecting…',
  waiting_others: 'Waiting for the others to join',
  you: 'You',
  host: 'Host',
  mute: 'Mute microphone',
  unmute: 'Unmute',
  camera_off: 'Turn camera off',
  camera_on: 'Turn camera on',
  share_screen: 'Share screen',
  stop_share: 'Stop sharing',
  leave: 'Leave',
  leave_host: 'End meeting',
  controls: 'Call controls',
  participants: 'Participants',
  video_of: "{name}'s video",
  camera_refused_title: 'Camera and microphone are blocked',
  camera_refused_text:
    'The browser does not allow this page to use the camera and microphone. Allow them from the camera icon in the address bar, then try again.',
  camera_missing_text: 'No camera or microphone was found. Check that they are connected, then try again.',
  try_again: 'Try again',
  join_without_camera: 'Join without camera',
  ended_host_left: 'The meeting has ended: the host left.',
  ended_time_up: 'The meeting has ended: its time is over.',
  replaced: 'This meeting is open in another tab or device.',
  no_link: 'This link is not complete. Open the link of your invitation mail or SMS.',
  shared_view: 'Shared view',
  view_following: 'Showing what {name} shows',
  view_yours: 'You are turning the view: everyone sees what you see',
  give_control: 'Who turns the view',
  no_vehicle: 'This meeting has no published vehicle.',
  open_interior: 'View the interior',
  close_interior: 'Back to the exterior',
};

const fr: Words = {
  title: 'Négociation en ligne',
  joining: 'Connexion à la réunion',
  reconnecting: 'Connexion perdue. Reconnexion…',
  waiting_others: 'En attente des autres participants',
  you: 'Vous',
  host: 'Hôte',
  mute: 'Couper le micro',
  unmute: 'Réactiver le micro',
  camera_off: 'Couper la caméra',
  camera_on: 'Activer la caméra',
  share_screen: "Partager l'écran",
  stop_share: 'Arrêter le partage',
  leave: 'Quitter',
  leave_host: 'Terminer la réunion',
  controls: "Commandes de l'appel",
  participants: 'Participants',
  video_of: 'Vidéo de {name}',
  camera_refused_title: 'Caméra et micro bloqués',
  camera_refused_text:
    "Le navigateur n'autorise pas cette page à utiliser la caméra et le micro. Autorisez-les depuis l'icône de caméra de la barre d'adresse, puis réessayez.",
  camera_missing_text: 'Aucune caméra ni aucun micro trouvé. Vérifiez leur branchement, puis réessayez.',
  try_again: 'Réessayer',
  join_without_camera: 'Rejoindre sans caméra',
  ended_host_left: "La réunion est terminée : l'hôte est parti.",
  ended_time_up: 'La réunion est terminée : son temps est écoulé.',
  replaced: 'Cette réunion est ouverte dans un autre onglet ou appareil.',
  no_link: "Ce lien est incomplet. Ouvrez le lien de votre e-mail ou SMS d'invitation.",
  shared_view: 'Vue partagée',
  view_following: 'Affiche ce que montre {name}',
  view_yours: 'Vous tournez la vue : tout le monde voit ce que vous voyez',
  give_control: 'Qui tourne la vue',
  no_vehicle: "Cette réunion n'a pas de véhicule publié.",
  open_interior: "Voir l'intérieur",
  close_interior: "Retour à l'extérieur",
};

const pt: Words = {
  title: 'Negociação on-line',
  joining: 'Conectando à reunião',
  reconnecting: 'Conexão perdida. Reconectando…',
  waiting_others: 'Aguardando os outros participantes',
  you: 'Você',
  host: 'Anfitrião',
  mute: 'Desativar microfone',
  unmute: 'Ativar microfone',
  camera_off: 'Desligar câmera',
  camera_on: 'Ligar câmera',
  share_screen: 'Compartilhar tela',
  stop_share: 'Parar de compartilhar',
  leave: 'Sair',
  leave_host: 'Encerrar reunião',
  controls: 'Controles da chamada',
  participants: 'Participantes',
  video_of: 'Vídeo de {name}',
  camera_refused_title: 'Câmera e microfone bloqueados',
  camera_refused_text:
    'O navegador não permite que esta página use a câmera e o microfone. Permita pelo ícone da câmera na barra de endereços e tente novamente.',
  camera_missing_text: 'Nenhuma câmera ou microfone encontrado. Verifique a conexão e tente novamente.',
  try_again: 'Tentar novamente',
  join_without_camera: 'Entrar sem câmera',
  ended_host_left: 'A reunião terminou: o anfitrião saiu.',
  ended_time_up: 'A reunião terminou: o tempo acabou.',
  replaced: 'Esta reunião está aberta em outra aba ou dispositivo.',
  no_link: 'Este link está incompleto. Abra o link do seu e-mail ou SMS de convite.',
  shared_view: 'Visão compartilhada',
  view_following: 'Mostrando o que {name} mostra',
  view_yours: 'Você está girando a visão: todos veem o que você vê',
  give_control: 'Quem gira a visão',
  no_vehicle: 'Esta reunião não tem veículo publicado.',
  open_interior: 'Ver o interior',
  close_interior: 'Voltar ao exterior',
};

export type CallWord = keyof typeof ja;
const WORDS: Readonly<Record<ViewerLocale, Words>> = { ja, en, fr, pt };

export type CallTranslate = (key: CallWord, params?: Record<string, string>) => string;

export function callTranslator(locale: ViewerLocale): CallTranslate {
  const words = WORDS[locale];
  return (key, params) => words[key].replace(/\{(\w+)\}/g, (whole, name: string) => params?.[name] ?? whole);
}
