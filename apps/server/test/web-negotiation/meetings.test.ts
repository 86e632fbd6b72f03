import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { callLink } from '@spinyard/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { meetingRooms } from '../../src/modules/web-negotiation/index.ts';
import { sendDueReminders } from '../../src/modules/web-negotiation/jobs.ts';
import { createMailQueue } from '../../src/platform/mail/mail-outbox-queue.ts';
import { createOutboxMailer } from '../../src/platform/mail/outbox-mailer.ts';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { callerOf } from '../helpers/isolation.ts';
import { recordingSms } from '../helpers/mail.ts';
import { findPart, parseEml } from '../platform/eml.ts';

/**
 * Issue 21's meetings on the server: scheduled under every rule of the second document (not in the past, at most
 * the max time, no e-mail or phone twice, the interval count, no edit while running), nothing half-saved, invitations
 * by mail with a calendar invitation (REQUEST, the same UID with the next SEQUENCE, CANCEL) and by SMS, reminders,
 * and the links the call admits (meetingRooms). Tenancy and documents: isolation.test.ts.
 */

const sms = recordingSms();
const t = useTestApp({ sms });
let superA: SignedInUser;
let vehicle: string;

const as = callerOf(t);
const API = '/api/browser/v0/web_negotiation_group';
const inHours = (h: number) => new Date(Date.now() + h * 3600_000);
const body = (over: Record<string, unknown> = {}) => ({
  title: '商談: プリウス',
  description: 'Price and delivery',
  starts_at: inHours(48).toISOString(),
  duration_minutes: 60,
  vehicle_ids: [vehicle],
  invitees: [{ name: 'Buyer', email: 'buyer@example.test', phone: '090-1111-2222' }],
  ...over,
});
const add = (who: SignedInUser, b: Record<string, unknown>) => as(who, { method: 'POST', url: API, payload: b });
const count = async () => Number((await as(superA, { method: 'GET', url: API })).json().total);

/** Every .eml of the outbox, as its calendar part (method, UID, SEQUENCE) and its text, for one address. */
async function mailsTo(address: string) {
  const files = (await readdir(t.mailDir).catch(() => [])).filter((f) => f.endsWith('.eml')).sort();
  const out: { subject: string; text: string; ics: string | undefined }[] = [];
  for (const file of files) {
    const mail = parseEml(await readFile(path.join(t.mailDir, file), 'utf8'));
    if (!(mail.headers.get('to') ?? '').includes(address)) continue;
    out.push({
      subject: mail.headers.get('subject') ?? '',
      text: findPart(mail, 'text/plain')?.body ?? '',
      ics: findPart(mail, 'text/calendar')?.body,
    });
  }
  return out;
}
const field = (ics: string | undefined, name: string) => new RegExp(`^${name}:(.*)$`, 'm').exec(ics ?? '')?.[1]?.trim();
const tokenIn = (text: string) => /\/call#([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';
/** The first address of a text (an invitation's link to the call). */
const linkIn = (text: string) => new URL(/https?:\/\/\S+/.exec(text)?.[0] ?? 'about:blank');

beforeAll(async () => {
  const tenantA = await t.make.tenant({ options: { web_negotiation: true, web_negotiation_participants: 3 } });
  superA = await t.make.signedIn({ tenant: tenantA, privilege_type: 'super', name: 'Sato' });
  [vehicle] = (await t.make.vehicles(superA, { fields: { maker: 'Toyota', car_name: 'Prius' } })) as [string];
});

describe('scheduling and invitations', () => {
  it('schedules a meeting and invites by mail with a calendar REQUEST and by SMS, each with a working link', async () => {
    const res = await add(superA, body());
    expect(res.statusCode).toBe(201);
    const meeting = res.json();
    expect(meeting).toMatchObject({
      status: 'waiting',
      room_status: 'ready',
      participants: 3,
      host: { id: superA.id, name: 'Sato' },
      vehicles: [{ content_id: vehicle, name: 'Toyota Prius' }],
      invitees: [{ email: 'buyer@example.test', phone: '090-1111-2222' }],
      can_edit: true,
    });
    const [mail] = await mailsTo('buyer@example.test');
    expect(mail?.subject).toContain('Web商談のご案内');
    expect(field(mail?.ics, 'METHOD')).toBe('REQUEST');
    expect(field(mail?.ics, 'UID')).toBe(`web-negotiation-${meeting.id}@${superA.host}`);
    expect(field(mail?.ics, 'SEQUENCE')).toBe('0');
    expect(mail?.ics).toMatch(/BEGIN:VEVENT[\s\S]*DTSTART:\d{8}T\d{6}Z[\s\S]*END:VCALENDAR/);
    const text = sms.sent.at(-1);
    expect(text?.to).toBe('090-1111-2222');
    const token = tokenIn(text?.text ?? '');
    expect(token).toBe(tokenIn(mail?.text ?? ''));
    // The link opens the call page with the token in the fragment, which no server or log receives.
    for (const link of [linkIn(text?.text ?? ''), linkIn(mail?.text ?? ''), new URL(field(mail?.ics, 'URL') ?? '')]) {
      expect(`${link.origin}${link.pathname}${link.hash}`).toBe(callLink('http://console.test', token));
    }
    const admitted = await meetingRooms(t.db).admit(token, inHours(48));
    expect(admitted).toMatchObject({ meetingId: meeting.id, role: 'guest', maxParticipants: 3, displayName: 'Buyer' });
  });

  it('refuses each bad meeting with its field and rule, and saves nothing of it', async () => {
    const before = await count();
    const past = await add(superA, body({ starts_at: inHours(-1).toISOString() }));
    expect(past.statusCode).toBe(422);
    expect(past.json().error).toMatchObject({ code: 'web_negotiation_in_past' });
    expect(past.json().error.fields).toEqual([expect.objectContaining({ field: 'starts_at', rule: 'not_in_past' })]);
    const twice = await add(
      superA,
      body({
        invitees: [{ email: 'a@example.test' }, { email: 'b@example.test', phone: '' }, { email: 'A@example.test' }],
      }),
    );
    expect(twice.statusCode).toBe(422);
    expect(twice.json().error.fields[0]).toMatchObject({ field: 'invitees.2.email', rule: 'no_duplicates' });
    const phoneTwice = await add(superA, body({ invitees: [{ phone: '090-12-34' }, { phone: '0901234' }] }));
    expect(phoneTwice.json().error.fields[0]).toMatchObject({ field: 'invitees.1.phone', rule: 'no_duplicates' });
    const long = await add(superA, body({ duration_minutes: 121 }));
    expect(long.json().error.fields[0]).toMatchObject({ field: 'duration_minutes', rule: 'range' });
    // Three people: two guests besides the host.
    const crowd = await add(superA, body({ invitees: ['x', 'y', 'z'].map((n) => ({ email: `${n}@example.test` })) }));
    expect(crowd.json().error.fields[0]).toMatchObject({ field: 'invitees', rule: 'max_items' });
    const otherCar = await add(superA, body({ vehicle_ids: ['999999'] }));
    expect(otherCar.json().error.fields[0]).toMatchObject({ field: 'vehicle_ids', rule: 'one_of' });
    expect(await count()).toBe(before);
  });

  it('refuses a meeting past the count of its interval, counting only that interval', async () => {
    const tenant = await t.make.tenant({
      options: { web_negotiation: true, web_negotiation_limit: 1, web_negotiation_limit_interval: 'day' },
    });
    const head = await t.make.signedIn({ tenant, privilege_type: 'super' });
    const day = (d: number) => new Date(Date.UTC(2031, 0, d, 1, 0)).toISOString();
    const first = await add(head, body({ vehicle_ids: [], invitees: [], starts_at: day(10) }));
    expect(first.statusCode).toBe(201);
    const second = await add(head, body({ vehicle_ids: [], invitees: [], starts_at: day(10) }));
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('web_negotiation_over_limit');
    expect((await add(head, body({ vehicle_ids: [], invitees: [], starts_at: day(11) }))).statusCode).toBe(201);
    // Its own place is not counted twice when it is edited.
    const edited = await as(head, {
      method: 'POST',
      url: `${API}/${first.json().id}`,
      payload: body({ vehicle_ids: [], invitees: [], starts_at: day(10), title: 'moved' }),
    });
    expect(edited.statusCode).toBe(200);
  });

  it('sends the change with the same UID and the next SEQUENCE, a CANCEL to a dropped invitee, the same link', async () => {
    const made = (
      await add(superA, body({ invitees: [{ email: 'keep@example.test' }, { email: 'drop@example.test' }] }))
    ).json();
    const oldToken = tokenIn((await mailsTo('keep@example.test'))[0]?.text ?? '');
    const res = await as(superA, {
      method: 'POST',
      url: `${API}/${made.id}`,
      payload: body({
        title: 'Moved',
        starts_at: inHours(72).toISOString(),
        invitees: [{ email: 'keep@example.test' }],
      }),
    });
    expect(res.statusCode).toBe(200);
    const [, update] = await mailsTo('keep@example.test');
    expect(field(update?.ics, 'METHOD')).toBe('REQUEST');
    expect(field(update?.ics, 'UID')).toBe(`web-negotiation-${made.id}@${superA.host}`);
    expect(field(update?.ics, 'SEQUENCE')).toBe('1');
    const [, cancel] = await mailsTo('drop@example.test');
    expect(field(cancel?.ics, 'METHOD')).toBe('CANCEL');
    expect(field(cancel?.ics, 'STATUS')).toBe('CANCELLED');
    const rooms = meetingRooms(t.db);
    // The kept invitee's link is the one of the first invitation: the mail they read first still opens the call.
    expect(tokenIn(update?.text ?? '')).toBe(oldToken);
    expect(await rooms.admit(oldToken, inHours(72))).toMatchObject({ meetingId: made.id });

    const removed = await as(superA, { method: 'DELETE', url: `${API}/${made.id}` });
    expect(removed.statusCode).toBe(200);
    const last = (await mailsTo('keep@example.test')).at(-1);
    expect([field(last?.ics, 'METHOD'), field(last?.ics, 'SEQUENCE')]).toEqual(['CANCEL', '2']);
    expect(await rooms.admit(tokenIn(update?.text ?? ''), inHours(72))).toEqual({ refused: 'deleted' });
    expect((await as(superA, { method: 'GET', url: `${API}/${made.id}` })).statusCode).toBe(404);
  });

  it('shows the time in the invitee time zone and language, and reminds once before the start', async () => {
    const made = (
      await add(
        superA,
        body({
          starts_at: '2031-03-05T01:00:00Z',
          invitees: [{ email: 'ny@example.test', time_zone: 'US/Eastern', language: 'en' }],
        }),
      )
    ).json();
    const [invite] = await mailsTo('ny@example.test');
    expect(invite?.subject).toContain('Invitation to an online meeting');
    expect(invite?.text).toMatch(/8:00\sPM/);
    expect(invite?.text).toContain('US/Eastern');
    const queue = createMailQueue(
      createOutboxMailer(t.mailDir, () => undefined),
      undefined,
    );
    const ctx = { db: t.db, log: () => undefined, sms, mail: queue };
    const early = new Date(Date.parse('2031-03-05T00:40:00Z'));
    expect(await sendDueReminders(ctx, new Date(Date.parse('2031-03-05T00:00:00Z')))).toBe(0);
    expect(await sendDueReminders(ctx, early)).toBeGreaterThanOrEqual(1);
    expect(await sendDueReminders(ctx, early)).toBe(0);
    const reminder = (await mailsTo('ny@example.test')).at(-1);
    expect(reminder?.subject).toContain('starts soon');
    expect(reminder?.ics).toBeUndefined();
    expect(made.id).toBeTruthy();
  });
});

describe('links, the call and the running meeting', () => {
  it('admits early by 10 minutes, refuses before, marks the room open, refuses edits while in call, ends once', async () => {
    const starts = inHours(5);
    const made = (await add(superA, body({ starts_at: starts.toISOString(), duration_minutes: 30 }))).json();
    const link = (await as(superA, { method: 'POST', url: `${API}/${made.id}/host-link` })).json();
    expect(link.url).toBe(callLink('http://console.test', link.token));
    // The host's link is the same on every ask: a tab opened earlier keeps working.
    expect((await as(superA, { method: 'POST', url: `${API}/${made.id}/host-link` })).json().token).toBe(link.token);
    const rooms = meetingRooms(t.db);
    const at = (minutes: number) => new Date(starts.getTime() + minutes * 60_000);
    expect(await rooms.admit(link.token, at(-11))).toEqual({ refused: 'not_started' });
    const host = await rooms.admit(link.token, at(-9));
    expect(host).toMatchObject({ role: 'host', participantId: `host-${made.id}`, vehicles: [{ contentId: vehicle }] });
    expect(await rooms.admit(link.token, at(0))).toEqual(host);
    expect(await rooms.admit('not-a-token', at(0))).toEqual({ refused: 'unknown_link' });

    await rooms.markRoomOpen(made.id);
    await rooms.markRoomOpen(made.id);
    const open = (await as(superA, { method: 'GET', url: `${API}/${made.id}` })).json();
    expect(open).toMatchObject({ room_status: 'open' });
    // The join is now, before the start: the meeting reads in call from the join.
    expect(open.status).toBe('in_call');
    const edit = await as(superA, { method: 'POST', url: `${API}/${made.id}`, payload: body({ title: 'x' }) });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.code).toBe('web_negotiation_running');
    expect((await as(superA, { method: 'GET', url: `${API}/${made.id}` })).json().title).toBe(made.title);
    const notes = await as(superA, {
      method: 'POST',
      url: `${API}/${made.id}/notes`,
      payload: { memo: 'Wants red', evaluation: { score: 4, interest: 'high', next_action: 'Test drive' } },
    });
    expect(notes.json()).toMatchObject({ memo: 'Wants red', evaluation: { score: 4, interest: 'high' } });

    await rooms.markEnded(made.id, 'host_left');
    await rooms.markEnded(made.id, 'time_up');
    const ended = (await as(superA, { method: 'GET', url: `${API}/${made.id}` })).json();
    expect(ended).toMatchObject({ status: 'ended', room_status: 'closed', can_edit: false });
    expect(await rooms.admit(link.token, new Date())).toEqual({ refused: 'ended' });
    const after = await as(superA, { method: 'POST', url: `${API}/${made.id}`, payload: body() });
    expect(after.json().error.code).toBe('web_negotiation_closed');
  });

  it('gives the participant API to a link of this meeting only', async () => {
    const made = (await add(superA, body({ starts_at: inHours(0.1).toISOString() }))).json();
    const other = (await add(superA, body({ starts_at: inHours(0.1).toISOString(), invitees: [] }))).json();
    const token = tokenIn(sms.sent.at(-1)?.text ?? '');
    const exchange = await t.app.inject({ method: 'POST', url: '/api/meeting/v0/token', payload: { token } });
    expect(exchange.json()).toMatchObject({ meeting_id: made.id, role: 'guest', max_participants: 3 });
    const headers = { 'x-meeting-token': token };
    const seen = await t.app.inject({ method: 'GET', url: `/api/meeting/v0/meetings/${made.id}`, headers });
    expect(seen.json()).toMatchObject({ title: made.title, host_name: 'Sato', vehicles: [{ content_id: vehicle }] });
    const users = await t.app.inject({ method: 'GET', url: `/api/meeting/v0/meetings/${made.id}/users`, headers });
    expect(users.json().users.map((u: { role: string }) => u.role)).toEqual(['host', 'guest']);
    const wrong = await t.app.inject({ method: 'GET', url: `/api/meeting/v0/meetings/${other.id}`, headers });
    expect(wrong.statusCode).toBe(404);
    const none = await t.app.inject({ method: 'POST', url: '/api/meeting/v0/token', payload: { token: 'x' } });
    expect(none.statusCode).toBe(404);
  });
});
