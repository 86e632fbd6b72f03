import type { ReportingKeyAnswer, ReportingKeySecretAnswer } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../auth/service.ts';
import { newReportingKey } from './keys.ts';
import { keysRepo, type ReportingKeyRow } from './keys-repo.ts';
import { billingReadsRepo } from './reads-repo.ts';

const answerOf = (r: ReportingKeyRow): ReportingKeyAnswer => ({
  id: r.id,
  domain_id: r.domain_id,
  name: r.name,
  hint: r.hint,
  created_at: r.created_at.toISOString(),
  rotated_at: r.rotated_at?.toISOString() ?? null,
  last_used_at: r.last_used_at?.toISOString() ?? null,
});

/**
 * The reporting API's keys, managed by master (any domain's) and the domain's super (their own domain's); a key is
 * shown once, at creation or rotation, and only its hash is kept.
 */
export function reportingKeysService(db: Db) {
  const keys = keysRepo(db);
  const reads = billingReadsRepo(db);

  /** The domain whose keys the caller manages: master names one (default their own), a super always their own. */
  async function domainOf(actor: Actor, requested: string | undefined): Promise<string> {
    if (actor.privilegeType === 'super') return actor.domainId;
    if (actor.privilegeType !== 'master') throw new AppError('forbidden');
    const domainId = requested ?? actor.domainId;
    if ((await reads.companyCodeOf(domainId)) === undefined) throw new AppError('not_found');
    return domainId;
  }

  /** A live key the caller manages; another domain's is not found, as if it did not exist. */
  async function managed(actor: Actor, id: string): Promise<ReportingKeyRow> {
    if (actor.privilegeType !== 'master' && actor.privilegeType !== 'super') throw new AppError('forbidden');
    const row = await keys.find(id);
    if (!row || (actor.privilegeType === 'super' && row.domain_id !== actor.domainId)) throw new AppError('not_found');
    return row;
  }

  return {
    async list(actor: Actor, q: { domain_id?: string | undefined }) {
      return { items: (await keys.list(await domainOf(actor, q.domain_id))).map(answerOf) };
    },

    async create(
      actor: Actor,
      body: { name: string; domain_id?: string | undefined },
    ): Promise<ReportingKeySecretAnswer> {
      const domainId = await domainOf(actor, body.domain_id);
      const { key, hash, hint } = newReportingKey();
      const row = await keys.create({ domainId, name: body.name, hash, hint, createdBy: actor.userId });
      return { ...answerOf(row), key };
    },

    async rotate(actor: Actor, id: string): Promise<ReportingKeySecretAnswer> {
      await managed(actor, id);
      const { key, hash, hint } = newReportingKey();
      const row = await keys.rotate(id, hash, hint);
      if (!row) throw new AppError('not_found');
      return { ...answerOf(row), key };
    },

    async revoke(actor: Actor, id: string): Promise<{ deleted: number }> {
      await managed(actor, id);
      await keys.revoke(id);
      return { deleted: 1 };
    },
  };
}
export type ReportingKeysService = ReturnType<typeof reportingKeysService>;
