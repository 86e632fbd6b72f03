import {
  type CsAccountAnswer,
  type CsBukkenAnswer,
  type CsClientInfo,
  type CsCorporateListAnswer,
  type CsReportAnswer,
  canUseListing,
  type StatisticChartQuery,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import type { ClientInfo, ListingService } from '../../platform/listing/port.ts';
import { clientWire } from '../../platform/listing/protocol.ts';
import { type CallerContext, enforce, loadCaller } from '../actor/permission-actor.ts';
import type { Actor } from '../auth/service.ts';
import { keyTypeOf } from './link-reads.ts';
import { listingRepo } from './repo.ts';
import { appErrorOf, listingSessions } from './sessions.ts';

export interface AccountServiceDeps {
  db: Db;
  partner: ListingService;
  parallel: number;
}

const clientAnswer = clientWire;

/** The dealer's partner account (/account-link, the top bar's status) and the partner's reads. */
export function listingAccountService(deps: AccountServiceDeps) {
  const { db, partner } = deps;
  const repo = listingRepo(db);
  const sessions = listingSessions(deps);

  async function joined(actor: Actor): Promise<CallerContext> {
    const caller = await loadCaller(db, actor);
    enforce(canUseListing(caller.permission));
    return caller;
  }

  /** A partner call with the caller's session; its failure is an answer the dealer reads, never a 500. */
  async function withSession<T>(actor: Actor, call: (session: string) => Promise<T>): Promise<T> {
    const caller = await joined(actor);
    try {
      return await sessions.withSession(caller.permission.id, call);
    } catch (error) {
      throw appErrorOf(error);
    }
  }

  async function account(actor: Actor): Promise<CsAccountAnswer> {
    const caller = await loadCaller(db, actor);
    const row = await repo.account(caller.permission.id);
    return {
      joined: caller.permission.csJoined,
      autojoin: caller.imageSystem.cs_autojoin,
      signed_in: caller.permission.csJoined && row?.signed_in === true,
      login_id: row?.login_id ?? caller.imageSystem.cs_info.login_id,
      corporation_code: row?.corporation_code ?? caller.imageSystem.cs_info.corporation_code,
      contact_code: row?.contact_code ?? caller.imageSystem.cs_info.contact_code,
      client: row?.client ? clientAnswer(row.client as unknown as ClientInfo) : null,
      last_msg_id: row?.last_msg_id ?? null,
      test_partner: partner.name === 'local',
    };
  }

  return {
    account,

    async login(
      actor: Actor,
      body: { login_id: string; password: string; corporation_code: string; contact_code: string },
    ): Promise<CsAccountAnswer> {
      const caller = await joined(actor);
      await sessions.signIn(caller.permission.id, body);
      return account(actor);
    },

    async logout(actor: Actor): Promise<CsAccountAnswer> {
      const caller = await joined(actor);
      await sessions.signOut(caller.permission.id);
      return account(actor);
    },

    /** 200 with the partner's client info while the dealer's session holds: the top bar's "logged in". */
    async clientInfo(actor: Actor): Promise<CsClientInfo> {
      return clientAnswer(await withSession(actor, (s) => partner.clientInfo(s)));
    },

    async bukken(actor: Actor, key: string): Promise<CsBukkenAnswer> {
      const caller = await joined(actor);
      const keyType = keyTypeOf(caller);
      const items = await withSession(actor, (s) => partner.searchProperties(s, { key, keyType }));
      return { items: items.map((p) => ({ property_code: p.propertyCode, vin: p.vin, title: p.title })) };
    },

    async corporates(actor: Actor): Promise<CsCorporateListAnswer> {
      const items = await withSession(actor, (s) => partner.corporates(s));
      return { items: items.map((c) => ({ corporation_code: c.corporationCode, name: c.name })) };
    },

    async report(actor: Actor, q: StatisticChartQuery): Promise<CsReportAnswer> {
      const days = await withSession(actor, (s) => partner.reportAggregate(s, { from: q.from, to: q.to }));
      return { from: q.from, to: q.to, days };
    },
  };
}

export type ListingAccountService = ReturnType<typeof listingAccountService>;
