import { createHash, randomBytes } from 'node:crypto';
import { periodDays } from '@spinyard/domain';
import {
  type AdDay,
  type ClientInfo,
  type Corporate,
  type ListingCredentials,
  ListingError,
  type ListingKeyType,
  type ListingSession,
  type PartnerLogEntry,
  type Property,
  type RegisterOutcome,
  type ReportDay,
} from './port.ts';

/**
 * The listing partner's side of the protocol, as logic over memory: its clients (dealers' accounts), their
 * properties, the 360 views registered on them, sessions and a log. The local partner (the default adapter) calls it
 * in process; the fake server of the HTTP adapter's tests (test/helpers/fake-listing.ts) serves the same logic over
 * HTTP, so both adapters meet one partner. Refusals are ListingErrors with the message ids of listing-link.ts's
 * reading (LISTING_SEARCH_MEANINGS).
 */

export interface PartnerClient {
  loginId: string;
  password: string;
  name: string;
  corporationCode: string;
  contactCode: string;
  capable360: boolean;
  registrationLimit: number;
  corporates: Corporate[];
}

interface PropertyRecord extends Property {
  owner: string;
  /** The vehicle whose 360 view the property shows, null when none (never had one, or unregistered). */
  contentId: string | null;
  everRegistered: boolean;
}

export interface PartnerOptions {
  /**
   * The local partner's mode: an unknown login id is enrolled with the password of its first sign-in (a different
   * one later is refused), and every key finds a property. Off in the fake, where tests seed clients and properties.
   */
  autoEnrol: boolean;
  /**
   * The fake's traffic: views, inquiries and advertising figures drawn from a hash of the client and the day, so
   * tests see charts with numbers. Off in the local partner: it is no listing site, nobody views anything there, and
   * a dealer must never read invented figures as their listing's (every figure is 0).
   */
  sampleFigures?: boolean;
  sessionSeconds?: number;
  now?: () => number;
}

const refused = (msgId: string, message: string) => new ListingError('refused', msgId, message);

/** The local partner's property code of a VIN: stable, so the same vehicle finds the same property again. */
export function propertyCodeOfVin(vin: string): string {
  return `P${createHash('sha1').update(vin.toUpperCase()).digest('hex').slice(0, 10).toUpperCase()}`;
}

/** A deterministic count from a text (the report's figures: the same day answers the same numbers). */
const countOf = (text: string, mod: number) => createHash('sha1').update(text).digest().readUInt16BE(0) % mod;

/** A client as the partner opens one unless told otherwise: 360 views allowed, room for any number of vehicles. */
const CLIENT_DEFAULTS = {
  corporationCode: '',
  contactCode: '',
  capable360: true,
  registrationLimit: 100_000,
  corporates: [],
};

function partnerState(options: PartnerOptions) {
  const base = {
    now: options.now ?? Date.now,
    sessionMs: (options.sessionSeconds ?? 3600) * 1000,
    autoEnrol: options.autoEnrol,
    sampleFigures: options.sampleFigures === true,
    clients: new Map<string, PartnerClient>(),
    properties: new Map<string, PropertyRecord>(),
    sessions: new Map<string, { loginId: string; expiresAt: number }>(),
    entries: [] as (PartnerLogEntry & { owner: string })[],
    /** Registers that changed a property (new or republished), per code: a second one means linked twice. */
    registrations: new Map<string, number>(),
  };
  const { now, clients, properties, sessions, entries } = base;
  const record = (property: PropertyRecord, event: PartnerLogEntry['event']) =>
    entries.push({
      at: new Date(now()).toISOString(),
      propertyCode: property.propertyCode,
      event,
      owner: property.owner,
    });
  function clientOf(token: string): PartnerClient {
    const session = sessions.get(token);
    if (!session || session.expiresAt <= now()) {
      sessions.delete(token);
      throw new ListingError('session_expired', '2117', 'login required');
    }
    const client = clients.get(session.loginId);
    if (!client) throw refused('2181', 'customer data missing');
    return client;
  }
  function ownProperty(client: PartnerClient, code: string): PropertyRecord {
    const property = properties.get(code);
    if (!property || property.owner !== client.loginId) throw refused('2093', 'property missing');
    return property;
  }
  const registeredCount = (loginId: string) =>
    [...properties.values()].filter((p) => p.owner === loginId && p.contentId !== null).length;
  return Object.assign(base, { record, clientOf, ownProperty, registeredCount });
}

type PartnerState = ReturnType<typeof partnerState>;

/** What tests and the local mode set up on the partner's side, and what they check there. */
function partnerSeeds(st: PartnerState) {
  return {
    addClient(client: Partial<PartnerClient> & { loginId: string; password: string }): PartnerClient {
      const full: PartnerClient = { ...CLIENT_DEFAULTS, name: `${client.loginId} Motors`, ...client };
      st.clients.set(full.loginId, full);
      return full;
    },
    addProperty(input: Property & { owner: string }): void {
      st.properties.set(input.propertyCode, { ...input, contentId: null, everRegistered: false });
    },
    /** The dealer removed the property on the partner's side: the drift the hourly reconcile must find. */
    removeProperty(code: string): void {
      const property = st.properties.get(code);
      if (!property) return;
      st.properties.delete(code);
      st.record(property, 'property_removed');
    },
    /** Every session stops working (the partner's sessions ran out). */
    expireSessions(): void {
      st.sessions.clear();
    },
    viewOf(code: string): string | null {
      return st.properties.get(code)?.contentId ?? null;
    },
    registrationsOf(code: string): number {
      return st.registrations.get(code) ?? 0;
    },
    /** Properties registered more than once: "nothing linked twice" holds when this is empty. */
    linkedTwice(): string[] {
      return [...st.registrations].filter(([, n]) => n > 1).map(([code]) => code);
    },
  };
}

/** The protocol's calls, as the partner answers them. */
function partnerCalls(st: PartnerState, seeds: ReturnType<typeof partnerSeeds>) {
  return {
    signIn(c: ListingCredentials): ListingSession {
      if (c.loginId === '' || c.password === '') throw refused('2001', 'missing fields');
      if (c.loginId.length > 100) throw refused('2095', 'too many characters');
      let client = st.clients.get(c.loginId);
      if (!client && st.autoEnrol) {
        client = seeds.addClient({ ...c, name: `${c.loginId}` });
      }
      if (!client || client.password !== c.password) throw refused('2002', 'not authorized');
      const token = randomBytes(18).toString('base64url');
      const expiresAt = st.now() + st.sessionMs;
      st.sessions.set(token, { loginId: client.loginId, expiresAt });
      return { token, expiresAt };
    },
    signOut(token: string): void {
      st.sessions.delete(token);
    },
    clientInfo(token: string): ClientInfo {
      const c = st.clientOf(token);
      return {
        clientId: c.loginId,
        name: c.name,
        corporationCode: c.corporationCode,
        contactCode: c.contactCode,
        capable360: c.capable360,
        registrationLimit: c.registrationLimit,
        registeredCount: st.registeredCount(c.loginId),
      };
    },
    search(token: string, key: string, keyType: ListingKeyType): Property[] {
      const client = st.clientOf(token);
      if (key.trim() === '') throw refused('2001', 'missing fields');
      if (key.length > 50) throw refused('2095', 'too many characters');
      const wanted = key.trim().toUpperCase();
      const match = (p: PropertyRecord) =>
        p.owner === client.loginId &&
        (keyType === 'vin' ? p.vin.toUpperCase() === wanted : p.propertyCode.toUpperCase() === wanted);
      let found = [...st.properties.values()].filter(match);
      if (found.length === 0 && st.autoEnrol) {
        const propertyCode = keyType === 'vin' ? propertyCodeOfVin(wanted) : wanted;
        seeds.addProperty({ propertyCode, vin: keyType === 'vin' ? wanted : '', title: wanted, owner: client.loginId });
        found = [st.properties.get(propertyCode)!];
      }
      return found.map(({ propertyCode, vin, title }) => ({ propertyCode, vin, title }));
    },
    register(token: string, input: { propertyCode: string; contentId: string }): RegisterOutcome {
      const client = st.clientOf(token);
      if (!client.capable360) throw refused('2183', 'not 360 capable');
      const property = st.ownProperty(client, input.propertyCode);
      if (property.contentId === input.contentId) return 'unchanged';
      if (property.contentId !== null) throw refused('2184', 'registered elsewhere');
      if (st.registeredCount(client.loginId) >= client.registrationLimit) throw refused('2182', 'registration limit');
      const outcome: RegisterOutcome = property.everRegistered ? 'republished' : 'new';
      property.contentId = input.contentId;
      property.everRegistered = true;
      st.registrations.set(property.propertyCode, (st.registrations.get(property.propertyCode) ?? 0) + 1);
      st.record(property, 'registered');
      return outcome;
    },
    unregister(token: string, input: { propertyCode: string }): void {
      const client = st.clientOf(token);
      const property = st.properties.get(input.propertyCode);
      if (!property || property.owner !== client.loginId || property.contentId === null) return;
      property.contentId = null;
      st.record(property, 'unregistered');
    },
    corporates(token: string): Corporate[] {
      const client = st.clientOf(token);
      return client.corporates.length > 0
        ? client.corporates
        : [{ corporationCode: client.corporationCode || client.loginId, name: client.name }];
    },
    report(token: string, from: string, to: string): ReportDay[] {
      const client = st.clientOf(token);
      if (to < from) throw refused('2180', 'invalid request');
      return periodDays(from, to).map((day) => {
        const views = st.sampleFigures ? countOf(`${client.loginId}/${day}`, 200) : 0;
        return { day, views, inquiries: Math.floor(views / 25) };
      });
    },
    /** The advertising figures: a few thousand ads a day, a click per hundred or so, 20-60 yen a click. */
    ads(token: string, from: string, to: string): AdDay[] {
      const client = st.clientOf(token);
      if (to < from) throw refused('2180', 'invalid request');
      return periodDays(from, to).map((day) => {
        if (!st.sampleFigures) return { day, impressions: 0, clicks: 0, cost: 0, conversions: 0 };
        const seed = `${client.loginId}/ads/${day}`;
        const impressions = 500 + countOf(seed, 4500);
        const clicks = Math.floor((impressions * (4 + countOf(`${seed}/ctr`, 16))) / 1000);
        return {
          day,
          impressions,
          clicks,
          cost: clicks * (20 + countOf(`${seed}/cpc`, 41)),
          conversions: Math.floor(clicks / 30),
        };
      });
    },
    log(token: string, since: string): PartnerLogEntry[] {
      const client = st.clientOf(token);
      return st.entries
        .filter((e) => e.at >= since && e.owner === client.loginId)
        .map(({ at, propertyCode, event }) => ({ at, propertyCode, event }));
    },
  };
}

export function createPartner(options: PartnerOptions) {
  const st = partnerState(options);
  const seeds = partnerSeeds(st);
  return { ...seeds, ...partnerCalls(st, seeds) };
}

export type Partner = ReturnType<typeof createPartner>;
