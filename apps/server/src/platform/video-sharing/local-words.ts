/** The local video site's own words (its pages are the site's, not the console's), in the console's four languages. */

export const LOCAL_LANGUAGES = ['ja', 'en', 'fr', 'pt', 'zh', 'ko', 'es', 'de'] as const;
/** The service's category ids a dealer's video fits (YouTube's own ids, so a choice means the same on both). */
export const LOCAL_CATEGORIES = ['2', '19', '22'] as const;

interface Words {
  title: string;
  asks: string;
  scopes: string[];
  channelLabel: string;
  defaultChannel: string;
  allow: string;
  deny: string;
  playlists: [string, string];
  categories: Record<string, string>;
  notFound: string;
  noVideo: string;
}

const WORDS: Record<'ja' | 'en' | 'fr' | 'pt', Words> = {
  ja: {
    title: 'ローカル動画サイト',
    asks: 'Spinyard が次の操作の許可を求めています',
    scopes: ['動画のアップロード', '動画と再生リストの管理'],
    channelLabel: 'チャンネル名',
    defaultChannel: 'マイチャンネル',
    allow: '許可',
    deny: '拒否',
    playlists: ['在庫車両', '新着'],
    categories: { '2': '自動車と乗り物', '19': '旅行とイベント', '22': 'ブログ' },
    notFound: '動画が見つかりません',
    noVideo: 'この動画は削除されたか、存在しません。',
  },
  en: {
    title: 'Local video site',
    asks: 'Spinyard asks to be allowed to',
    scopes: ['upload videos', 'manage your videos and playlists'],
    channelLabel: 'Channel name',
    defaultChannel: 'My channel',
    allow: 'Allow',
    deny: 'Deny',
    playlists: ['Stock', 'New arrivals'],
    categories: { '2': 'Autos & Vehicles', '19': 'Travel & Events', '22': 'People & Blogs' },
    notFound: 'Video not found',
    noVideo: 'This video was deleted or never existed.',
  },
  fr: {
    title: 'Site vidéo local',
    asks: 'Spinyard demande l’autorisation de',
    scopes: ['mettre en ligne des vidéos', 'gérer vos vidéos et vos playlists'],
    channelLabel: 'Nom de la chaîne',
    defaultChannel: 'Ma chaîne',
    allow: 'Autoriser',
    deny: 'Refuser',
    playlists: ['Stock', 'Nouveautés'],
    categories: { '2': 'Auto/Moto', '19': 'Voyages et événements', '22': 'People et blogs' },
    notFound: 'Vidéo introuvable',
    noVideo: 'Cette vidéo a été supprimée ou n’a jamais existé.',
  },
  pt: {
    title: 'Site de vídeos local',
    asks: 'O Spinyard pede permissão para',
    scopes: ['enviar vídeos', 'gerir os seus vídeos e playlists'],
    channelLabel: 'Nome do canal',
    defaultChannel: 'O meu canal',
    allow: 'Permitir',
    deny: 'Recusar',
    playlists: ['Estoque', 'Novidades'],
    categories: { '2': 'Automóveis e veículos', '19': 'Viagens e eventos', '22': 'Pessoas e blogs' },
    notFound: 'Vídeo não encontrado',
    noVideo: 'Este vídeo foi apagado ou nunca existiu.',
  },
};

/** The words of the language asked for (`hl`, a header's first tag), English when it is none of the four. */
export function localWords(hl: string | undefined): Words {
  const tag = (hl ?? '').toLowerCase().slice(0, 2);
  return tag === 'ja' || tag === 'fr' || tag === 'pt' ? WORDS[tag] : WORDS.en;
}
