import { randomBytes } from 'node:crypto';
import {
  canSeeMailHistory,
  type Locale,
  MOVIE_MAIL_LIMITS,
  type MovieMailAnswer,
  type MovieMailPage,
  type MovieMailRequest,
  movieMailExpiry,
  type PageQuery,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { MailQueue } from '../../platform/mail/mail-outbox-queue.ts';
import { type CallerContext, enforce, loadCaller } from '../actor/permission-actor.ts';
import { linkOrigin } from '../auth/links.ts';
import type { Actor } from '../auth/service.ts';
import { lockVisible, lockVisibleUndeleted } from '../contents/content-service.ts';
import { contentScopeOf } from '../contents/list-service.ts';
import { promoFilesOf } from '../movies/contents-movie-url.ts';
import { contentName, digest, MOVIE_LINK_PATH } from './link-service.ts';
import { movieMail } from './mails.ts';
import { type MovieMailListRow, type MovieMailRow, movieMailRepo } from './repo.ts';

export interface MovieMailDeps {
  db: Db;
  mail: MailQueue;
  /** SPINYARD_PUBLIC_URL: the links' origin when the request's is not the sender's own host. */
  publicUrl: string | undefined;
  now?: () => Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function mailAnswer(row: MovieMailListRow, now: Date): MovieMailAnswer {
  return {
    id: row.id,
    content_id: row.content_id,
    content_name: contentName(row),
    sender: row.sender_name,
    recipients: row.recipients,
    cc: row.cc,
    subject: row.subject,
    body: row.body,
    sent_at: new Date(row.last_sent_at).toISOString(),
    expires_at: new Date(row.expires_at).toISOString(),
    expired: new Date(row.expires_at).getTime() <= now.getTime(),
  };
}

/**
 * Movie mail (`/send_mail`): a vehicle's promo film mailed to buyers as a link that works until the expiry the
 * dealer chose, and the history of those mails. Every call needs the domain's option_data (403 forbidden without);
 * a caller sees, resends and deletes the mails of the vehicles they see (another tenant's mail is a 404).
 */
export function movieMailService(deps: MovieMailDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const repo = movieMailRepo(db);

  async function callerWithOption(actor: Actor): Promise<CallerContext> {
    const caller = await loadCaller(db, actor);
    enforce(canSeeMailHistory(caller.permission));
    return caller;
  }

  /** The mail by id, its vehicle seen by the caller (locked for the change that follows), else not_found. */
  async function visibleMail(trx: Db, caller: CallerContext, id: string): Promise<MovieMailListRow> {
    const row = await movieMailRepo(trx).find(id);
    if (!row) throw new AppError('not_found');
    await lockVisible(trx, caller, row.content_id);
    return row;
  }

  /** Writes a new mail row and queues its mail: one send, one row, one link of its own. */
  async function dispatch(
    trx: Db,
    actor: Actor,
    request: { origin: string | undefined; language: Locale },
    mail: Pick<MovieMailRow, 'content_id' | 'domain_id' | 'recipients' | 'cc' | 'subject' | 'body' | 'expires_at'>,
    sentAt: Date,
  ): Promise<{ row: MovieMailRow; send: () => Promise<void> }> {
    if (!(await promoFilesOf(trx, mail.content_id))) throw new AppError('movie_not_ready');
    const sender = await movieMailRepo(trx).sender(actor.userId);
    if (!sender) throw new AppError('not_authenticated');
    const token = randomBytes(24).toString('base64url');
    const row = await movieMailRepo(trx).insert({
      content_id: mail.content_id,
      domain_id: mail.domain_id,
      recipients: mail.recipients,
      cc: mail.cc,
      subject: mail.subject,
      body: mail.body,
      expires_at: mail.expires_at,
      sender_id: actor.userId,
      token_hash: digest(token),
      sent_at: sentAt,
    });
    const base = linkOrigin({
      requestOrigin: request.origin,
      userDomainHost: sender.domain_host,
      publicUrl: deps.publicUrl,
    });
    const content = {
      recipients: mail.recipients,
      cc: mail.cc,
      subject: mail.subject,
      body: mail.body,
      link: `${base}${MOVIE_LINK_PATH}/${token}`,
      expiresAt: new Date(mail.expires_at),
      language: request.language,
    };
    // Queued after the commit: a refused send leaves no mail behind; the key sends each row's mail once.
    return { row, send: () => deps.mail.send(movieMail(content, sender), `movie-mail:${row.id}`) };
  }

  async function answerOf(id: string): Promise<MovieMailAnswer> {
    const row = await repo.find(id);
    if (!row) throw new AppError('not_found');
    return mailAnswer(row, now());
  }

  return {
    async send(actor: Actor, body: MovieMailRequest, origin: string | undefined): Promise<MovieMailAnswer> {
      const caller = await callerWithOption(actor);
      const sentAt = now();
      const expiresAt = movieMailExpiry(body.expiry, body.expires_on, sentAt);
      if (!expiresAt) throw new AppError('validation_failed');
      const { row, send } = await db.transaction().execute(async (trx) => {
        const content = await lockVisibleUndeleted(trx, caller, body.content_id);
        const mail = { ...body, recipients: body.to, content_id: content.id, domain_id: content.domain_id };
        return dispatch(trx, actor, { origin, language: body.language }, { ...mail, expires_at: expiresAt }, sentAt);
      });
      await send();
      return answerOf(row.id);
    },

    /**
     * The same mail again as a new send (a row and a link of its own), its link valid for as long as the first one
     * was given, counted from now (at most 90 days); the first link keeps its own expiry.
     */
    async resend(actor: Actor, id: string, language: Locale, origin: string | undefined): Promise<MovieMailAnswer> {
      const caller = await callerWithOption(actor);
      const sentAt = now();
      const { row, send } = await db.transaction().execute(async (trx) => {
        const first = await visibleMail(trx, caller, id);
        await lockVisibleUndeleted(trx, caller, first.content_id);
        const given = new Date(first.expires_at).getTime() - new Date(first.last_sent_at).getTime();
        const length = Math.min(Math.max(given, DAY_MS), MOVIE_MAIL_LIMITS.expiryMaxDays * DAY_MS);
        const expires_at = new Date(sentAt.getTime() + length);
        return dispatch(trx, actor, { origin, language }, { ...first, expires_at }, sentAt);
      });
      await send();
      return answerOf(row.id);
    },

    async list(actor: Actor, query: PageQuery & { content_id?: string | undefined }): Promise<MovieMailPage> {
      const caller = await callerWithOption(actor);
      const { rows, total } = await repo.page(contentScopeOf(caller.permission), {
        contentId: query.content_id,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      const at = now();
      return { items: rows.map((r) => mailAnswer(r, at)), total, page: query.page, limit: query.limit };
    },

    async get(actor: Actor, id: string): Promise<MovieMailAnswer> {
      const caller = await callerWithOption(actor);
      const row = await db.transaction().execute((trx) => visibleMail(trx, caller, id));
      return mailAnswer(row, now());
    },

    /** Deleted from the history; its link stops working at once (the buyer's page says it is not found). */
    async remove(actor: Actor, id: string): Promise<void> {
      const caller = await callerWithOption(actor);
      await db.transaction().execute(async (trx) => {
        const row = await visibleMail(trx, caller, id);
        await movieMailRepo(trx).softDelete(row.id, now());
      });
    },
  };
}

export type MovieMailService = ReturnType<typeof movieMailService>;
