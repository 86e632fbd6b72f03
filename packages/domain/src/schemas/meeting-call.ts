import { z } from 'zod';
import { idSchema } from './common.ts';
import { evaluationSchema } from './web-negotiation.ts';

/**
 * The call of a web negotiation (issue 21): the signaling socket's messages and the shared 360 view's state
 * messages. The server relays offers, answers and ICE candidates between the participants of one room; the media
 * and the view's state go browser to browser (a mesh of 2 to 4), so the server never sees them.
 */

/** The signaling socket: authenticated by its first message (the link's token), never by the URL. */
export const CALL_SOCKET_PATH = '/api/meeting-call/ws';
/** The call page a link opens (the viewer app's own page: no sign-in, no install). */
export const CALL_PAGE_PATH = '/call';
/** A link to the call: the token in the fragment, which no server, log or Referer ever receives. */
export const callLink = (origin: string, token: string): string =>
  `${origin.replace(/\/+$/, '')}${CALL_PAGE_PATH}#${encodeURIComponent(token)}`;
/** A socket that has not sent its join within this many seconds is closed. */
export const CALL_JOIN_SECONDS = 10;
/** How long a host who dropped out has to come back before the meeting ends (host_left). */
export const CALL_HOST_RETURN_SECONDS = 120;
/** The most participants a mesh carries: past this an SFU is the path (docs/architecture.md). */
export const CALL_MESH_MAX = 4;
/** An SDP of Chromium with audio, video and data is 5 to 8 KB; screen share adds a track. */
const SDP_MAX = 20_000;

/** Close codes of the signaling socket (4000-4999 are the application's). */
export const CALL_CLOSE = {
  /** No join in time, or a token that opens nothing: do not reconnect. */
  refused: 4403,
  /** The same link joined from another tab or device: this one stops (does not reconnect). */
  replaced: 4409,
  /** The meeting ended (host left, time up): do not reconnect. */
  ended: 4410,
  /** The server is shutting down: reconnect. */
  goingAway: 1001,
} as const;

export const callLanguage = z.enum(['ja', 'en', 'fr', 'pt']);

/** The first message: the link's token, and the page's language for the messages of refusals. */
export const callJoinMessage = z.strictObject({
  type: z.literal('join'),
  token: z.string().min(1).max(200),
  lang: callLanguage.optional(),
});

const participantId = z.string().min(1).max(100);

/** One relayed negotiation step: an SDP offer or answer, or one ICE candidate (null: the end of candidates). */
export const callSignal = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('offer'), sdp: z.string().min(1).max(SDP_MAX) }),
  z.strictObject({ kind: z.literal('answer'), sdp: z.string().min(1).max(SDP_MAX) }),
  z.strictObject({
    kind: z.literal('ice'),
    candidate: z
      .strictObject({
        candidate: z.string().max(1000),
        sdpMid: z.string().max(100).nullable().optional(),
        sdpMLineIndex: z.number().int().min(0).max(100).nullable().optional(),
        usernameFragment: z.string().max(200).nullable().optional(),
      })
      .nullable(),
  }),
]);
export type CallSignal = z.output<typeof callSignal>;

/** What a joined participant sends: a signal for one peer, the host's grant of the view's control, or leaving. */
export const callClientMessage = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('signal'), to: participantId, signal: callSignal }),
  /** Host only: who turns the shared view (null: the host again). */
  z.strictObject({ type: z.literal('control'), to: participantId.nullable() }),
  /** Leaving on purpose: the host's leave ends the meeting; a dropped socket only leaves the room for now. */
  z.strictObject({ type: z.literal('leave') }),
]);
export type CallClientMessage = z.output<typeof callClientMessage>;

export const callParticipant = z.object({
  id: z.string(),
  role: z.enum(['host', 'guest']),
  display_name: z.string(),
});
export type CallParticipant = z.output<typeof callParticipant>;

/** One STUN or TURN server as RTCPeerConnection takes it. */
export const callIceServer = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type CallIceServer = z.output<typeof callIceServer>;

/** How the browser connects its media (platform/meeting-media): the mesh today; an SFU's URL and token later. */
export const callMediaAnswer = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('mesh'), ice_servers: z.array(callIceServer) }),
  z.object({ kind: z.literal('sfu'), url: z.string(), token: z.string(), ice_servers: z.array(callIceServer) }),
]);
export type CallMediaAnswer = z.output<typeof callMediaAnswer>;

export const callVehicle = z.object({ content_id: z.string(), short_id: z.string().nullable() });

export const CALL_END_REASONS = ['host_left', 'time_up'] as const;
export type CallEndReason = (typeof CALL_END_REASONS)[number];

/** What the server sends. */
export const callServerMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('joined'),
    /** The meeting (the participants' API `/api/meeting/v0/meetings/{id}`: documents, vehicles' names, notes). */
    meeting_id: z.string(),
    self: callParticipant,
    /** The others already in the room: the newcomer offers to each of them. */
    participants: z.array(callParticipant),
    /** Who turns the shared view now (null until the host has come). */
    controller: z.string().nullable(),
    max_participants: z.number().int(),
    ends_at: z.string(),
    vehicles: z.array(callVehicle),
    media: callMediaAnswer,
  }),
  /** Someone came in, or came back (then the others drop their old connection to them and wait for an offer). */
  z.object({ type: z.literal('participant_joined'), participant: callParticipant, rejoined: z.boolean() }),
  z.object({ type: z.literal('participant_left'), id: z.string(), reason: z.enum(['left', 'dropped']) }),
  z.object({ type: z.literal('signal'), from: z.string(), signal: callSignal }),
  z.object({ type: z.literal('control'), controller: z.string() }),
  /** A message refused: the socket stays open, the message changed nothing. */
  z.object({
    type: z.literal('error'),
    code: z.string(),
    user_message: z.string(),
    field: z.string().optional(),
    rule: z.string().optional(),
  }),
  /** The join refused (the socket closes after it). */
  z.object({ type: z.literal('refused'), code: z.string(), user_message: z.string() }),
  z.object({ type: z.literal('ended'), reason: z.enum(CALL_END_REASONS) }),
]);
export type CallServerMessage = z.output<typeof callServerMessage>;

// ---- The shared 360 view (over the WebRTC data channel, browser to browser) -----------------------------------

/**
 * The view as the one who controls it sees it, sent whole on every change (a few dozen bytes, so a lost or
 * reordered message never leaves a follower behind: the highest `seq` wins). Zoom and pan are relative to the
 * stage, so screens of any size show the same part of the picture.
 */
export const callViewState = z.strictObject({
  t: z.literal('view'),
  seq: z.number().int().min(0),
  /** Which of the meeting's vehicles (index into `joined.vehicles`). */
  vehicle: z.number().int().min(0).max(100),
  mode: z.enum(['exterior', 'interior']),
  row: z.number().int().min(0).max(50),
  frame: z.number().int().min(0).max(1000),
  zoom: z.number().min(1).max(10),
  /** Pan as a fraction of the stage's width and height. */
  pan_x: z.number().min(-10).max(10),
  pan_y: z.number().min(-10).max(10),
  /** The open hotspot's id, if any. */
  hotspot: z.string().max(100).nullable(),
  scene: z.number().int().min(0).max(100),
  yaw: z.number().min(-10).max(10),
  pitch: z.number().min(-10).max(10),
  /** The interior's zoom level (Photo Sphere Viewer's 0 to 100); yaw and pitch are in radians. */
  fov: z.number().min(0).max(100),
  /** The document shown to everyone (a document id of the meeting), if any. */
  doc: z.string().max(100).nullable().default(null),
  /** When the sender made it (its clock, ms): the bench's latency. */
  sent_at: z.number(),
});
export type CallViewState = z.output<typeof callViewState>;

// ---- The participants' API for the call (`/api/meeting/v0`, the link's token in `x-meeting-token`) ----------------

/** `.../meetings/{id}/vehicles/{content_id}/access`: a reserved vehicle's viewer token, the meeting admitting. */
export const meetingVehicleParams = z.object({ id: idSchema, content_id: idSchema });

/** `.../meetings/{id}/notes` (the host's link only): the memo and the evaluation sheet, as the meeting keeps them. */
export const meetingNotesAnswer = z.object({ memo: z.string(), evaluation: evaluationSchema });
export type MeetingNotesAnswer = z.output<typeof meetingNotesAnswer>;

// ---- Refusals, in the four languages (the server answers in the join's language; the page shows the same) -----

export type CallLanguage = z.output<typeof callLanguage>;

/**
 * The call's refusals: not in the API's error catalogue (whose keys live in the console's catalogues) because
 * they never reach the console: the socket and the call page (the viewer app) are their only readers.
 */
// biome-ignore format: one refusal a line, the four languages side by side
export const CALL_REFUSALS = {
  link_invalid: { en: 'This meeting link is not valid.', ja: 'この商談リンクは無効です。', fr: "Ce lien de réunion n'est pas valide.", pt: 'Este link de reunião não é válido.' },
  not_started: { en: 'This meeting has not started yet. Open the link again at the meeting time.', ja: 'この商談はまだ始まっていません。開始時刻にもう一度リンクを開いてください。', fr: "Cette réunion n'a pas encore commencé. Rouvrez le lien à l'heure prévue.", pt: 'Esta reunião ainda não começou. Abra o link novamente no horário marcado.' },
  ended: { en: 'This meeting has ended.', ja: 'この商談は終了しました。', fr: 'Cette réunion est terminée.', pt: 'Esta reunião terminou.' },
  deleted: { en: 'This meeting was cancelled.', ja: 'この商談は取り消されました。', fr: 'Cette réunion a été annulée.', pt: 'Esta reunião foi cancelada.' },
  room_full: { en: 'This meeting already has its maximum number of participants.', ja: 'この商談は参加人数の上限に達しています。', fr: 'Cette réunion a déjà atteint son nombre maximal de participants.', pt: 'Esta reunião já atingiu o número máximo de participantes.' },
  message_invalid: { en: 'This message could not be read.', ja: 'このメッセージは読み取れません。', fr: 'Ce message est illisible.', pt: 'Esta mensagem não pôde ser lida.' },
  peer_unknown: { en: 'This participant is not in the meeting.', ja: 'この参加者は商談にいません。', fr: "Ce participant n'est pas dans la réunion.", pt: 'Este participante não está na reunião.' },
  not_host: { en: 'Only the host can do this.', ja: 'この操作はホストだけができます。', fr: "Seul l'hôte peut faire cela.", pt: 'Somente o anfitrião pode fazer isso.' },
  join_first: { en: 'Join the meeting with its link first.', ja: '先にリンクで商談に参加してください。', fr: "Rejoignez d'abord la réunion avec son lien.", pt: 'Entre primeiro na reunião com o link.' },
} as const satisfies Record<string, Record<CallLanguage, string>>;
export type CallRefusal = keyof typeof CALL_REFUSALS;

export const callRefusalMessage = (code: CallRefusal, lang: CallLanguage = 'en'): string => CALL_REFUSALS[code][lang];

export const isCallRefusal = (code: string): code is CallRefusal => Object.hasOwn(CALL_REFUSALS, code);
