import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { callerOf } from '../helpers/isolation.ts';
import { recordingSms } from '../helpers/mail.ts';
import { manifestOf, publishedVehicle } from '../publishing/publishing-helpers.ts';
import { fakeViewerDist } from '../viewer-page/fake-dist.ts';

/**
 * What the call page does with a link's token beyond reading the meeting (issue 21's remainders): open the
 * meeting's reserved vehicles, a limited publication without its password, and no other vehicle; the host's memo
 * and evaluation sheet saved from the call, saved on the meeting as the console's call does; a guest's link
 * refused.
 */

const sms = recordingSms();
const dist = await fakeViewerDist();
await writeFile(path.join(dist, 'call.html'), '<!doctype html><title>call</title><div id="call"></div>');
const t = useTestApp({ sms, viewerDist: dist });
let dealer: SignedInUser;
const vehicles = { open: { id: '', shortId: '' }, limited: { id: '', shortId: '' }, other: { id: '', shortId: '' } };
let meetingId = '';
let guest = '';
let host = '';
let otherGuest = '';

const API = '/api/browser/v0/web_negotiation_group';
const MEETING = '/api/meeting/v0/meetings';
const as = callerOf(t);
const byLink = (token: string, request: InjectOptions) =>
  t.app.inject({ ...request, headers: { ...(request.headers ?? {}), 'x-meeting-token': token } });
const tokenIn = (text: string) => /\/call#([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';

const published = (fields: Record<string, unknown> = {}) => publishedVehicle(t, dealer, fields, 8);

/** A meeting starting in 5 minutes (its links open now) with one guest reached by SMS; answers its id and token. */
async function schedule(vehicleIds: string[], phone: string) {
  const made = await as(dealer, {
    method: 'POST',
    url: API,
    payload: {
      title: 'Call',
      starts_at: new Date(Date.now() + 5 * 60_000).toISOString(),
      duration_minutes: 30,
      vehicle_ids: vehicleIds,
      invitees: [{ name: 'Buyer', phone }],
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  return { id: made.json().id as string, token: tokenIn(sms.sent.at(-1)?.text ?? '') };
}

beforeAll(async () => {
  const tenant = await t.make.tenant({ options: { web_negotiation: true } });
  dealer = await t.make.signedIn({ tenant, privilege_type: 'super' });
  vehicles.open = await published();
  vehicles.limited = await published({ limited_password_enabled: true, limited_password: 'only-buyers-7' });
  vehicles.other = await published({ limited_password_enabled: true, limited_password: 'only-buyers-8' });
  const meeting = await schedule([vehicles.open.id, vehicles.limited.id], '090-5555-0001');
  meetingId = meeting.id;
  guest = meeting.token;
  otherGuest = (await schedule([vehicles.other.id], '090-5555-0002')).token;
  const link = await as(dealer, { method: 'POST', url: `${API}/${meetingId}/host-link`, payload: {} });
  host = link.json().token;
});

describe("the call's participant API", () => {
  it("opens the meeting's vehicles to its participants, a limited one without its password, and no other", async () => {
    const access = (token: string, contentId: string, meeting = meetingId) =>
      byLink(token, { method: 'POST', url: `${MEETING}/${meeting}/vehicles/${contentId}/access` });
    // Without a token the limited vehicle's manifest stays shut.
    expect((await manifestOf(t.app, vehicles.limited.shortId)).statusCode).toBe(401);
    for (const token of [guest, host]) {
      const granted = await access(token, vehicles.limited.id);
      expect(granted.statusCode, granted.body).toBe(200);
      expect(granted.headers['cache-control']).toBe('no-store');
      const manifest = await manifestOf(t.app, vehicles.limited.shortId, granted.json().token);
      expect(manifest.statusCode).toBe(200);
      expect(manifest.json().short_id).toBe(vehicles.limited.shortId);
    }
    expect((await access(guest, vehicles.open.id)).statusCode).toBe(200);
    // Another vehicle of the same tenant, reserved by another meeting: not this meeting's.
    const notReserved = await access(guest, vehicles.other.id);
    expect(notReserved.statusCode).toBe(404);
    expect(notReserved.json().error.code).toBe('not_found');
    // The other meeting's link on this meeting, and no link at all.
    expect((await access(otherGuest, vehicles.limited.id)).statusCode).toBe(404);
    expect((await access('', vehicles.limited.id)).statusCode).toBe(404);
  });

  it("saves the memo and the evaluation sheet from the call with the host's link only", async () => {
    const url = `${MEETING}/${meetingId}/notes`;
    const empty = await byLink(host, { method: 'GET', url });
    expect(empty.json()).toEqual({
      memo: '',
      evaluation: { score: null, interest: null, next_action: '', comment: '' },
    });
    const notes = { memo: '赤を希望。来週試乗', evaluation: { score: 4, interest: 'high', next_action: 'Test drive' } };
    const saved = await byLink(host, { method: 'POST', url, payload: notes });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ memo: notes.memo, evaluation: { score: 4, interest: 'high' } });
    // Saved on the meeting: the console's detail shows it.
    const detail = await as(dealer, { method: 'GET', url: `${API}/${meetingId}` });
    expect(detail.json()).toMatchObject({ memo: notes.memo, evaluation: { next_action: 'Test drive' } });

    // A guest may neither read nor write the dealer's notes; a bad sheet names its field; nothing changes.
    const byGuest = await byLink(guest, { method: 'POST', url, payload: { memo: 'mine now' } });
    expect(byGuest.statusCode).toBe(403);
    expect(byGuest.json().error.code).toBe('forbidden');
    expect((await byLink(guest, { method: 'GET', url })).statusCode).toBe(403);
    const bad = await byLink(host, { method: 'POST', url, payload: { memo: 'x', evaluation: { score: 9 } } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields[0]).toMatchObject({ field: 'evaluation.score' });
    expect((await byLink(otherGuest, { method: 'GET', url })).statusCode).toBe(404);
    expect((await byLink(host, { method: 'GET', url })).json().memo).toBe(notes.memo);
  });

  it('serves the call page framing only the files it fetched itself (a shown PDF), never framed itself', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/call' });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain('frame-src blob:');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });
});
