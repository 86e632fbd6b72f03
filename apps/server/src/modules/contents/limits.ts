import { type ContentsLimitAnswer, contentsLimit, readDomainOptions } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { contentsRepo } from './repo.ts';

/**
 * The vehicle limits of one owner (packages/domain/src/contents-limit.ts holds the rule): the user's car limit
 * and the domain's vehicle limit in its mode. The billing issue adds the plan's limit here. Call it inside the
 * use case's transaction: it serialises additions per domain until the transaction ends.
 */
export async function contentsLimitOf(db: Db, ownerId: string, adding = 1): Promise<ContentsLimitAnswer> {
  const facts = await contentsRepo(db).limitFacts(ownerId);
  const options = readDomainOptions(facts.domain_options);
  return contentsLimit({
    user: { limit: facts.car_limit, count: facts.counts.user },
    domain: { limit: options.vehicle_limit, mode: options.limit_mode, count: facts.counts.domain },
    adding,
  });
}

/** Refuses with `vehicle_limit_reached` (params: the limit and which one) when `adding` more do not fit. */
export async function assertCanAddContents(db: Db, ownerId: string, adding = 1): Promise<void> {
  const limit = await contentsLimitOf(db, ownerId, adding);
  if (!limit.can_add) {
    throw new AppError('vehicle_limit_reached', {
      params: { limit: limit.limit ?? 0, limited_by: limit.limited_by ?? 'user', count: limit.count },
    });
  }
}
