import {
  CALL_CLOSE,
  type CallEndReason,
  type CallLanguage,
  type CallParticipant,
  type CallRefusal,
  type CallServerMessage,
  callClientMessage,
  callRefusalMessage,
} from '@spinyard/domain';
import type { MeetingMedia } from '../../platform/meeting-media/port.ts';
import type { MeetingAdmission, MeetingRooms } from './admission.ts';

/** One participant's socket as the rooms see it. */
export interface CallPeer {
  send(message: CallServerMessage): void;
  close(code: number, reason: string): void;
}

/** A joined socket: what it sends goes through `receive`; its end (any reason) is `dropped`. */
export interface CallSession {
  receive(message: unknown): void;
  dropped(): void;
}

interface Member {
  admission: MeetingAdmission;
  /** Null while away (dropped out, may come back as the same participant). */
  peer: CallPeer | null;
  lang: CallLanguage;
}

interface Room {
  key: string;
  admission: Pick<MeetingAdmission, 'meetingId' | 'domainId' | 'endsAt' | 'vehicles' | 'maxParticipants'>;
  members: Map<string, Member>;
  /** Who turns the shared view: the host, or a guest the host gave it to. */
  controller: string | null;
  hostId: string | null;
  endTimer: NodeJS.Timeout;
  hostTimer?: NodeJS.Timeout | undefined;
}

export interface CallRoomsDeps {
  rooms: MeetingRooms;
  media: MeetingMedia;
  now: () => Date;
  /** How long a host who dropped out has to come back before the meeting ends. */
  hostReturnMs: number;
  log: (message: string, fields?: Record<string, unknown>) => void;
}

/** setTimeout's longest delay; a meeting is at most a few hours, but a wrong clock must not fire at once. */
const MAX_DELAY = 2 ** 31 - 1;

const participant = (a: MeetingAdmission): CallParticipant => ({
  id: a.participantId,
  role: a.role,
  display_name: a.displayName,
});

/** The refusal of one message: what was wrong (the field and the rule), in the participant's language. */
const refusal = (code: CallRefusal, lang: CallLanguage, field: string, rule: string): CallServerMessage => ({
  type: 'error',
  code,
  user_message: callRefusalMessage(code, lang),
  field,
  rule,
});

/**
 * The rooms of the calls in progress on this node, in memory: who is in each, the relay of negotiation messages
 * between two of them, the limit, the host's control of the shared view and the meeting's end. A room is keyed by
 * tenant and meeting, and a message only ever reaches a member of the sender's own room.
 */
export class CallRooms {
  private readonly rooms = new Map<string, Room>();

  constructor(private readonly deps: CallRoomsDeps) {}

  /** Opens the link's room for this socket, or refuses (the peer is told why and closed). */
  async join(peer: CallPeer, token: string, lang: CallLanguage): Promise<CallSession | null> {
    const admitted = await this.deps.rooms.admit(token, this.deps.now());
    if ('refused' in admitted) {
      const code: CallRefusal = admitted.refused === 'unknown_link' ? 'link_invalid' : admitted.refused;
      this.refuse(peer, code, lang);
      return null;
    }
    // From here on no await until the member is in: two joins for the last place cannot both get it.
    const room = this.roomFor(admitted);
    const id = admitted.participantId;
    const before = room.members.get(id);
    const present = [...room.members.values()].filter((m) => m.peer !== null && m.admission.participantId !== id);
    if (present.length >= Math.min(room.admission.maxParticipants, this.deps.media.maxParticipants)) {
      this.refuse(peer, 'room_full', lang);
      return null;
    }
    // The same link again (another tab, or back after a drop the server has not noticed yet): the newest wins.
    before?.peer?.close(CALL_CLOSE.replaced, 'replaced');
    const member: Member = { admission: admitted, peer, lang };
    room.members.set(id, member);
    if (admitted.role === 'host') {
      room.hostId = id;
      if (room.hostTimer) clearTimeout(room.hostTimer);
      room.hostTimer = undefined;
    }
    const firstController = room.controller === null && room.hostId !== null;
    room.controller ??= room.hostId;
    const now = this.deps.now();
    peer.send({
      type: 'joined',
      meeting_id: admitted.meetingId,
      self: participant(admitted),
      participants: present.map((m) => participant(m.admission)),
      controller: room.controller,
      max_participants: room.admission.maxParticipants,
      ends_at: room.admission.endsAt.toISOString(),
      vehicles: room.admission.vehicles.map((v) => ({ content_id: v.contentId, short_id: v.shortId })),
      media: this.deps.media.connectionFor(
        { meetingId: admitted.meetingId, participantId: id, endsAt: admitted.endsAt },
        now,
      ),
    });
    this.broadcast(room, id, {
      type: 'participant_joined',
      participant: participant(admitted),
      rejoined: before !== undefined,
    });
    // Guests who came before the host follow nobody until now.
    if (firstController && room.controller) this.broadcast(room, id, { type: 'control', controller: room.controller });
    this.deps.rooms
      .markRoomOpen(admitted.meetingId)
      .catch((error: unknown) =>
        this.deps.log('Could not mark the room open', { meeting: admitted.meetingId, error: String(error) }),
      );
    return {
      receive: (message) => this.receive(room, member, message),
      dropped: () => this.dropped(room, member),
    };
  }

  /** Ends every room (the server is closing): the sockets are told to come back, the meetings do not end. */
  closeAll(): void {
    for (const room of this.rooms.values()) {
      this.clearTimers(room);
      for (const m of room.members.values()) m.peer?.close(CALL_CLOSE.goingAway, 'server closing');
    }
    this.rooms.clear();
  }

  /** How many rooms are open on this node (tests, health). */
  size(): number {
    return this.rooms.size;
  }

  private refuse(peer: CallPeer, code: CallRefusal, lang: CallLanguage): void {
    peer.send({ type: 'refused', code, user_message: callRefusalMessage(code, lang) });
    peer.close(CALL_CLOSE.refused, code);
  }

  private roomFor(a: MeetingAdmission): Room {
    const key = `${a.domainId}/${a.meetingId}`;
    const known = this.rooms.get(key);
    if (known) return known;
    const delay = Math.min(MAX_DELAY, Math.max(0, a.endsAt.getTime() - this.deps.now().getTime()));
    const room: Room = {
      key,
      admission: a,
      members: new Map(),
      controller: null,
      hostId: null,
      endTimer: setTimeout(() => this.end(room, 'time_up'), delay),
    };
    room.endTimer.unref();
    this.rooms.set(key, room);
    return room;
  }

  private receive(room: Room, member: Member, raw: unknown): void {
    // A socket replaced by a newer one of the same link, or of an ended room, has no say any more.
    if (member.peer === null || room.members.get(member.admission.participantId) !== member) return;
    if (this.rooms.get(room.key) !== room) return;
    if (raw === undefined) {
      member.peer.send(refusal('message_invalid', member.lang, 'message', 'json'));
      return;
    }
    const parsed = callClientMessage.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      member.peer.send(
        refusal('message_invalid', member.lang, issue?.path.join('.') || 'type', issue?.code ?? 'invalid'),
      );
      return;
    }
    const message = parsed.data;
    const self = member.admission.participantId;
    switch (message.type) {
      case 'signal': {
        const to = room.members.get(message.to);
        if (!to?.peer || message.to === self) {
          member.peer.send(refusal('peer_unknown', member.lang, 'to', 'in_room'));
          return;
        }
        to.peer.send({ type: 'signal', from: self, signal: message.signal });
        return;
      }
      case 'control': {
        if (member.admission.role !== 'host') {
          member.peer.send(refusal('not_host', member.lang, 'type', 'host_only'));
          return;
        }
        const next = message.to ?? self;
        if (!room.members.get(next)?.peer) {
          member.peer.send(refusal('peer_unknown', member.lang, 'to', 'in_room'));
          return;
        }
        room.controller = next;
        this.broadcast(room, null, { type: 'control', controller: next });
        return;
      }
      case 'leave':
        if (member.admission.role === 'host') {
          this.end(room, 'host_left');
          return;
        }
        this.away(room, member, 'left');
        member.peer?.close(1000, 'left');
        return;
    }
  }

  private dropped(room: Room, member: Member): void {
    if (member.peer === null || room.members.get(member.admission.participantId) !== member) return;
    if (this.rooms.get(room.key) !== room) return;
    this.away(room, member, 'dropped');
    if (member.admission.role === 'host') {
      room.hostTimer = setTimeout(() => this.end(room, 'host_left'), this.deps.hostReturnMs);
      room.hostTimer.unref();
    }
  }

  private away(room: Room, member: Member, reason: 'left' | 'dropped'): void {
    const id = member.admission.participantId;
    member.peer = null;
    this.broadcast(room, id, { type: 'participant_left', id, reason });
    // The view's control goes back to the host when the guest who had it is gone.
    if (room.controller === id && room.hostId !== id) {
      room.controller = room.hostId;
      if (room.hostId) this.broadcast(room, null, { type: 'control', controller: room.hostId });
    }
  }

  private end(room: Room, reason: CallEndReason): void {
    if (this.rooms.get(room.key) !== room) return;
    this.rooms.delete(room.key);
    this.clearTimers(room);
    for (const m of room.members.values()) {
      if (!m.peer) continue;
      m.peer.send({ type: 'ended', reason });
      m.peer.close(CALL_CLOSE.ended, 'ended');
      m.peer = null;
    }
    this.deps.rooms
      .markEnded(room.admission.meetingId, reason)
      .catch((error: unknown) =>
        this.deps.log('Could not mark the meeting ended', { meeting: room.admission.meetingId, error: String(error) }),
      );
  }

  private clearTimers(room: Room): void {
    clearTimeout(room.endTimer);
    if (room.hostTimer) clearTimeout(room.hostTimer);
  }

  /** To every present member but `except`. */
  private broadcast(room: Room, except: string | null, message: CallServerMessage): void {
    for (const [id, m] of room.members) if (id !== except) m.peer?.send(message);
  }
}
