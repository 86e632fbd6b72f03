import { CALL_CLOSE, CALL_SOCKET_PATH, type CallServerMessage } from '@spinyard/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MeetingAdmission } from '../../src/modules/meeting-call/admission.ts';
import { createMeshMedia, turnPassword } from '../../src/platform/meeting-media/mesh.ts';
import { openSocket, type TestSocket } from '../contents/realtime-nodes.ts';
import { useTestApp } from '../helpers/app.ts';
import { type MemoryLink, memoryMeetingRooms } from '../helpers/memory-rooms.ts';

type Socket = TestSocket<CallServerMessage>;
const HOUR = 3_600_000;

/** A meeting's links: a host and `guests` guests, of tenant `domainId`, running now unless told otherwise. */
function meeting(id: string, guests: number, over: Partial<MeetingAdmission> = {}): MemoryLink[] {
  const base = {
    meetingId: id,
    domainId: 'tenant-a',
    maxParticipants: 2 as const,
    startsAt: new Date(Date.now() - HOUR),
    endsAt: new Date(Date.now() + HOUR),
    vehicles: [{ contentId: '7', shortId: 'abc123' }],
    ...over,
  };
  const host: MemoryLink = {
    token: `${id}-host`,
    admission: { ...base, role: 'host', participantId: `${id}-h`, displayName: 'Dealer' },
  };
  const rest = Array.from({ length: guests }, (_, i) => ({
    token: `${id}-guest${i}`,
    admission: { ...base, role: 'guest' as const, participantId: `${id}-g${i}`, displayName: `Buyer ${i}` },
  }));
  return [host, ...rest];
}

const links = [
  ...meeting('m1', 2),
  ...meeting('m2', 1),
  // Another tenant's meeting with the same id: a room of its own.
  ...meeting('m2', 1, { domainId: 'tenant-b' }).map((l) => ({ ...l, token: `b-${l.token}` })),
  ...meeting('m3', 3, { maxParticipants: 3 }),
  ...meeting('later', 1, { startsAt: new Date(Date.now() + HOUR), endsAt: new Date(Date.now() + 2 * HOUR) }),
  ...meeting('short', 1),
  ...meeting('drop', 1),
  ...meeting('ctl', 1),
  ...meeting('leave', 2),
];
const rooms = memoryMeetingRooms(links);
const t = useTestApp({
  meetingRooms: rooms,
  meetingMedia: createMeshMedia({
    iceServers: [{ urls: 'stun:stun.example.test:3478' }],
    turn: { urls: ['turn:turn.example.test:3478'], secret: 's3cret' },
  }),
  callHostReturnSeconds: 0.3,
});

let url = '';
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${CALL_SOCKET_PATH}`;
});

async function join(token: string, lang?: string): Promise<Socket> {
  const socket = await openSocket<CallServerMessage>(url, { type: 'join', token, ...(lang ? { lang } : {}) });
  await socket.next((m) => m.type === 'joined' || m.type === 'refused');
  return socket;
}

const joinedOf = (s: Socket) =>
  s.messages.find((m) => m.type === 'joined') as Extract<CallServerMessage, { type: 'joined' }>;
const errors = (s: Socket) => s.messages.filter((m) => m.type === 'error');

describe('the call signaling socket', () => {
  it('joins a host and a guest, hands out the ICE servers and relays offer, answer and candidates to one peer', async () => {
    const host = await join('m1-host');
    const guest = await join('m1-guest0');
    const hostJoined = joinedOf(host);
    expect(hostJoined).toMatchObject({
      meeting_id: 'm1',
      self: { id: 'm1-h', role: 'host' },
      participants: [],
      controller: 'm1-h',
    });
    expect(hostJoined.vehicles).toEqual([{ content_id: '7', short_id: 'abc123' }]);
    expect(joinedOf(guest).participants).toEqual([{ id: 'm1-h', role: 'host', display_name: 'Dealer' }]);
    await host.next((m) => m.type === 'participant_joined' && m.participant.id === 'm1-g0' && !m.rejoined);
    expect(rooms.calls).toContainEqual({ op: 'open', meetingId: 'm1' });

    // STUN from configuration as it is; TURN with a credential of the participant's own (coturn's REST scheme).
    const media = joinedOf(guest).media;
    expect(media.kind).toBe('mesh');
    const turn = media.ice_servers.find((s) => JSON.stringify(s.urls).includes('turn:'));
    expect(media.ice_servers[0]).toEqual({ urls: 'stun:stun.example.test:3478' });
    expect(turn?.username).toMatch(/^\d+:m1-g0$/);
    expect(turn?.credential).toBe(turnPassword('s3cret', turn?.username ?? ''));

    guest.send({ type: 'signal', to: 'm1-h', signal: { kind: 'offer', sdp: 'v=0 offer' } });
    await host.next((m) => m.type === 'signal' && m.from === 'm1-g0' && m.signal.kind === 'offer');
    host.send({ type: 'signal', to: 'm1-g0', signal: { kind: 'answer', sdp: 'v=0 answer' } });
    host.send({
      type: 'signal',
      to: 'm1-g0',
      signal: { kind: 'ice', candidate: { candidate: 'candidate:1', sdpMid: '0' } },
    });
    await guest.next((m) => m.type === 'signal' && m.signal.kind === 'ice');
    expect(guest.messages.filter((m) => m.type === 'signal').map((m) => m.type === 'signal' && m.signal.kind)).toEqual([
      'answer',
      'ice',
    ]);
    host.close();
    guest.close();
  });

  it('refuses every bad message with its field and rule, keeps the socket open and lets nothing cross rooms or tenants', async () => {
    const a = await join('m2-host');
    const b = await join('b-m2-host');
    const bGuest = await join('b-m2-guest0');
    // The other tenant's meeting has the same id, yet a room of its own.
    expect(joinedOf(b).participants).toEqual([]);
    expect(joinedOf(bGuest).participants.map((p) => p.id)).toEqual(['m2-h']);

    a.send('not json');
    a.send({ type: 'shout' });
    a.send({ type: 'signal', to: 'm2-h', signal: { kind: 'offer', sdp: 'x'.repeat(20_001) } });
    // A participant of another room (m1) and the other tenant's guest: neither is in this room.
    a.send({ type: 'signal', to: 'm1-g0', signal: { kind: 'offer', sdp: 'v=0' } });
    a.send({ type: 'signal', to: 'm2-g0', signal: { kind: 'offer', sdp: 'v=0' } });
    a.send({ type: 'join', token: 'm1-host' });
    await a.next(() => errors(a).length === 6);
    expect(errors(a).map((m) => m.type === 'error' && [m.code, m.field, m.rule])).toEqual([
      ['message_invalid', 'message', 'json'],
      ['message_invalid', 'type', 'invalid_union'],
      ['message_invalid', 'signal.sdp', 'too_big'],
      ['peer_unknown', 'to', 'in_room'],
      ['peer_unknown', 'to', 'in_room'],
      ['message_invalid', 'type', 'invalid_union'],
    ]);
    // Still open and working: the other tenant's room relays its own.
    b.send({ type: 'signal', to: 'm2-g0', signal: { kind: 'offer', sdp: 'v=0 b' } });
    await bGuest.next((m) => m.type === 'signal');
    expect(bGuest.messages.filter((m) => m.type === 'signal')).toEqual([
      { type: 'signal', from: 'm2-h', signal: { kind: 'offer', sdp: 'v=0 b' } },
    ]);
    expect(b.messages.some((m) => m.type === 'error')).toBe(false);
    for (const s of [a, b, bGuest]) s.close();
  });

  it('refuses a link that opens nothing, in the language asked for, and closes it', async () => {
    const bad = await join('nope', 'ja');
    expect(bad.messages).toEqual([
      { type: 'refused', code: 'link_invalid', user_message: 'この商談リンクは無効です。' },
    ]);
    expect((await bad.closed).code).toBe(CALL_CLOSE.refused);
    const early = await join('later-guest0', 'fr');
    expect(early.messages[0]).toMatchObject({ type: 'refused', code: 'not_started' });
    const noJoin = await openSocket<CallServerMessage>(url, {
      type: 'signal',
      to: 'x',
      signal: { kind: 'ice', candidate: null },
    });
    await noJoin.next((m) => m.type === 'error' && m.code === 'join_first');
    noJoin.close();
  });

  it('refuses a participant past the limit, and lets one who dropped come back as the same participant', async () => {
    const host = await join('m3-host');
    const g0 = await join('m3-guest0');
    const g1 = await join('m3-guest1');
    const fourth = await join('m3-guest2');
    expect(fourth.messages[0]).toMatchObject({ type: 'refused', code: 'room_full' });
    expect((await fourth.closed).code).toBe(CALL_CLOSE.refused);

    g1.close();
    await host.next((m) => m.type === 'participant_left' && m.id === 'm3-g1' && m.reason === 'dropped');
    const back = await join('m3-guest1');
    expect(joinedOf(back).self.id).toBe('m3-g1');
    expect(
      joinedOf(back)
        .participants.map((p) => p.id)
        .sort(),
    ).toEqual(['m3-g0', 'm3-h']);
    await g0.next((m) => m.type === 'participant_joined' && m.participant.id === 'm3-g1' && m.rejoined);

    // The same link from a second tab: the newest wins, the first is told to stop (and does not come back).
    const again = await join('m3-guest1');
    expect((await back.closed).code).toBe(CALL_CLOSE.replaced);
    again.send({ type: 'signal', to: 'm3-h', signal: { kind: 'offer', sdp: 'v=0 again' } });
    await host.next((m) => m.type === 'signal' && m.from === 'm3-g1');
    for (const s of [host, g0, again]) s.close();
  });

  it('ends the meeting when the host leaves: everyone is told, the link opens nothing after', async () => {
    const host = await join('leave-host');
    const guest = await join('leave-guest1');
    host.send({ type: 'leave' });
    await guest.next((m) => m.type === 'ended' && m.reason === 'host_left');
    expect((await guest.closed).code).toBe(CALL_CLOSE.ended);
    expect((await host.closed).code).toBe(CALL_CLOSE.ended);
    expect(rooms.calls).toContainEqual({ op: 'ended', meetingId: 'leave', reason: 'host_left' });
    const late = await join('leave-guest0');
    expect(late.messages[0]).toMatchObject({ type: 'refused', code: 'ended' });
  });

  it('ends the meeting when its time runs out, and when a host who dropped does not come back', async () => {
    // Its end set now, a moment ahead: the room's timer ends it then.
    for (const l of links.filter((l) => l.admission.meetingId === 'short'))
      l.admission.endsAt = new Date(Date.now() + 300);
    const guest = await join('short-guest0');
    await guest.next((m) => m.type === 'ended' && m.reason === 'time_up');
    expect(rooms.calls).toContainEqual({ op: 'ended', meetingId: 'short', reason: 'time_up' });

    const host = await join('drop-host');
    const other = await join('drop-guest0');
    host.close();
    await other.next((m) => m.type === 'participant_left' && m.id === 'drop-h');
    await other.next((m) => m.type === 'ended' && m.reason === 'host_left');
  });

  it('gives the shared view to a guest only by the host, and back to the host when that guest drops', async () => {
    const host = await join('ctl-host');
    const guest = await join('ctl-guest0');
    guest.send({ type: 'control', to: 'ctl-g0' });
    await guest.next((m) => m.type === 'error' && m.code === 'not_host');
    host.send({ type: 'control', to: 'ctl-g0' });
    await guest.next((m) => m.type === 'control' && m.controller === 'ctl-g0');
    await host.next((m) => m.type === 'control' && m.controller === 'ctl-g0');
    guest.close();
    await host.next((m) => m.type === 'control' && m.controller === 'ctl-h');
    host.close();
  });
});
