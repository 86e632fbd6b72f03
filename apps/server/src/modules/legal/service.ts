import {
  LEGAL_KINDS,
  type LegalAcceptBody,
  type LegalDocumentAnswer,
  type LegalDraftBody,
  type LegalEditAnswer,
  type LegalKind,
  type LegalLanguage,
  type LegalStatusAnswer,
  servedLanguage,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { Clock } from '../../platform/clock/clock.ts';
import { permissionActorOf } from '../actor/permission-actor.ts';
import type { Actor } from '../auth/service.ts';
import { defaultLegalTexts } from './default-texts.ts';
import { type LegalRepo, legalRepo, textsOf } from './repo.ts';

/** The version of each text a domain has in force: its newest published one, or the default (0). */
export interface InForce {
  kind: LegalKind;
  version: number;
  published_at: Date | null;
}

async function inForce(repo: LegalRepo, domainId: string): Promise<InForce[]> {
  const published = await repo.current(domainId);
  return LEGAL_KINDS.map((kind) => {
    const row = published.find((r) => r.kind === kind);
    return { kind, version: row?.version ?? 0, published_at: row?.published_at ?? null };
  });
}

/** What the user has still to accept: each text of their domain published (1 and up) and newer than they accepted. */
async function pendingFor(repo: LegalRepo, userId: string, domainId: string): Promise<InForce[]> {
  const [texts, accepted] = await Promise.all([inForce(repo, domainId), repo.acceptances(userId, domainId)]);
  return texts.filter(
    (text) => text.version > 0 && !accepted.some((a) => a.kind === text.kind && a.version >= text.version),
  );
}

/**
 * Sign-up's acceptance (POST /v1/superusers-create), in the registration's transaction: the new user accepted the
 * texts in force on their domain at this moment. `termsVersion`, when the page sent the version it showed, must be
 * the one in force: a text published meanwhile is shown before anyone accepts it.
 */
export async function recordSignUpAcceptance(
  db: Db,
  input: { userId: string; domainId: string; at: Date; ip: string | null; termsVersion: number | undefined },
): Promise<void> {
  const repo = legalRepo(db);
  const texts = await inForce(repo, input.domainId);
  const terms = texts.find((t) => t.kind === 'terms');
  if (input.termsVersion !== undefined && terms && terms.version !== input.termsVersion) {
    throw new AppError('legal_version_outdated', {
      fields: [fieldError('accept_terms', 'outdated', 'A newer version of the terms was published: read it again.')],
    });
  }
  await repo.accept(input.userId, input.domainId, texts, input.at, input.ip);
}

async function masterOnly(db: Db, actor: Actor): Promise<void> {
  if ((await permissionActorOf(db, actor)).privilegeType !== 'master') throw new AppError('forbidden');
}

/**
 * Legal texts: the public read by host and language (no sign-in: the sign-up page shows them), the master's
 * drafts and publications per domain, and a signed-in user's acceptance of new versions.
 */
export function legalService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const repo = legalRepo(db);

  /** The domain's service name, or 404 when the id names no domain. */
  const domainOrNotFound = async (domainId: string): Promise<string> => {
    const name = await repo.serviceName(domainId);
    if (name === undefined) throw new AppError('not_found');
    return name;
  };

  return {
    async publicText(host: string, kind: LegalKind, language: LegalLanguage): Promise<LegalDocumentAnswer> {
      const domainId = await repo.domainForHost(host);
      const row = domainId ? (await repo.current(domainId)).find((r) => r.kind === kind) : undefined;
      const texts = row
        ? textsOf(row)
        : defaultLegalTexts(kind, (domainId && (await repo.serviceName(domainId))) || '');
      const served = servedLanguage(texts, language);
      return {
        kind,
        version: row?.version ?? 0,
        is_default: !row,
        language: served,
        requested_language: language,
        text: texts[served],
        published_at: row?.published_at?.toISOString() ?? null,
      };
    },

    async editView(actor: Actor, kind: LegalKind, domainId: string): Promise<LegalEditAnswer> {
      await masterOnly(db, actor);
      const serviceName = await domainOrNotFound(domainId);
      const rows = await repo.history(domainId, kind);
      const draft = rows.find((r) => r.version === null);
      return {
        domain_id: domainId,
        kind,
        draft: draft
          ? { texts: textsOf(draft), updated_at: draft.updated_at.toISOString(), author: draft.author_email }
          : null,
        versions: rows.flatMap((r) =>
          r.version !== null && r.published_at
            ? [
                {
                  version: r.version,
                  texts: textsOf(r),
                  published_at: r.published_at.toISOString(),
                  author: r.author_email,
                },
              ]
            : [],
        ),
        default_texts: defaultLegalTexts(kind, serviceName),
      };
    },

    async saveDraft(actor: Actor, kind: LegalKind, body: LegalDraftBody): Promise<LegalEditAnswer> {
      await masterOnly(db, actor);
      await domainOrNotFound(body.domain_id);
      await repo.saveDraft(body.domain_id, kind, body.texts, actor.userId);
      return this.editView(actor, kind, body.domain_id);
    },

    async publish(actor: Actor, kind: LegalKind, domainId: string): Promise<LegalEditAnswer> {
      await masterOnly(db, actor);
      await domainOrNotFound(domainId);
      await db.transaction().execute(async (trx) => {
        const r = legalRepo(trx);
        const draft = await r.lockDraft(domainId, kind);
        if (!draft) throw new AppError('legal_nothing_to_publish');
        // Every language falls back to Japanese then English: one of the two must be written.
        if (draft.text_ja === '' && draft.text_en === '') {
          throw new AppError('validation_failed', {
            fields: [fieldError('texts.ja', 'required', 'Write the Japanese or the English text before publishing.')],
          });
        }
        await r.publish(draft.id, domainId, kind, actor.userId, clock.now());
      });
      return this.editView(actor, kind, domainId);
    },

    async status(actor: Actor): Promise<LegalStatusAnswer> {
      const user = await repo.userOf(actor.userId);
      if (!user) throw new AppError('not_authenticated');
      // The master writes the texts; the operator accepts no terms of its own.
      if (user.privilege_type === 'master') return { pending: [] };
      const pending = await pendingFor(repo, user.id, user.domain_id);
      return {
        pending: pending.map((p) => ({
          kind: p.kind,
          version: p.version,
          published_at: p.published_at?.toISOString() ?? null,
        })),
      };
    },

    async accept(actor: Actor, body: LegalAcceptBody, ip: string): Promise<LegalStatusAnswer> {
      const user = await repo.userOf(actor.userId);
      if (!user) throw new AppError('not_authenticated');
      const texts = await inForce(repo, user.domain_id);
      body.accepted.forEach((item, index) => {
        const current = texts.find((t) => t.kind === item.kind);
        // Accepting an older version than the one in force, or one not yet published, accepts nothing.
        if (current?.version !== item.version) {
          throw new AppError('legal_version_outdated', {
            fields: [fieldError(`accepted.${index}.version`, 'outdated', 'This is not the version in force.')],
          });
        }
      });
      await repo.accept(user.id, user.domain_id, body.accepted, clock.now(), ip);
      return this.status(actor);
    },
  };
}

export type LegalService = ReturnType<typeof legalService>;
