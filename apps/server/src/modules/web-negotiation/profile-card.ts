import type { Db } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { ReceivedFile } from '../../http/multipart-file.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { putContentAddressedFile } from '../../platform/storage/content-addressed.ts';
import type { Actor } from '../auth/service.ts';
import { documentsRepo, type ProfileCardRow } from './documents-repo.ts';
import { documentType, dropBlob } from './documents-service.ts';
import { meetingsRepo } from './repo.ts';
import { meetingCaller } from './rules.ts';

/**
 * `/meeting-documents/user-profile`: what the guests of a user's meetings see of the host, with the one
 * business-card image the spec allows ("only one may be uploaded": a second is refused until the first is removed).
 */
export function profileCardService(deps: { db: Db; store: BlobStore }) {
  async function answer(actor: Actor, card: ProfileCardRow | undefined) {
    const repo = meetingsRepo(deps.db);
    const user = await repo.hostUser(actor.userId);
    if (!user) throw new AppError('not_authenticated');
    return {
      name: user.name,
      company: await repo.companyName(user.company_id),
      email: user.email,
      business_card: card
        ? {
            id: card.user_id,
            kind: 'business_card' as const,
            file_name: card.file_name,
            content_type: card.content_type,
            bytes: Number(card.bytes),
            created_at: card.created_at.toISOString(),
            url: '/api/browser/v0/meeting-documents/user-profile/card',
          }
        : null,
    };
  }

  return {
    async profile(actor: Actor) {
      await meetingCaller(deps.db, actor);
      return answer(actor, await documentsRepo(deps.db).card(actor.userId));
    },

    async upload(actor: Actor, file: ReceivedFile) {
      await meetingCaller(deps.db, actor);
      const docs = documentsRepo(deps.db);
      const one = () =>
        new AppError('validation_failed', {
          fields: [fieldError('file', 'max_items', 'Only one business card image may be uploaded.')],
        });
      if (await docs.card(actor.userId)) throw one();
      const type = await documentType(file, true);
      const put = await putContentAddressedFile(deps.store, `web-negotiation/${actor.domainId}`, file.path, type.ext, {
        contentType: type.contentType,
      });
      const row = await docs.insertCard({
        user_id: actor.userId,
        domain_id: actor.domainId,
        file_name: file.fileName.slice(0, 200),
        content_type: type.contentType,
        file_key: put.key,
        bytes: put.size,
      });
      if (!row) {
        await dropBlob(deps.db, deps.store, put.key);
        throw one();
      }
      return answer(actor, row);
    },

    /** The card's file, for its owner. */
    async open(actor: Actor) {
      await meetingCaller(deps.db, actor);
      return openCard(deps, await documentsRepo(deps.db).card(actor.userId));
    },

    async remove(actor: Actor) {
      await meetingCaller(deps.db, actor);
      const removed = await documentsRepo(deps.db).removeCard(actor.userId);
      if (removed) await dropBlob(deps.db, deps.store, removed.file_key);
      return answer(actor, undefined);
    },
  };
}

export async function openCard(deps: { store: BlobStore }, card: ProfileCardRow | undefined) {
  if (!card) throw new AppError('not_found');
  const blob = await deps.store.get(card.file_key);
  if (!blob) throw new AppError('not_found');
  return { row: card, ...blob };
}
