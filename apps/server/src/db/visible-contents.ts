import type { Reach } from '@spinyard/domain';
import { type RawBuilder, sql } from 'kysely';

/** Whose vehicles a caller sees (canSeeContent, as SQL): everyone's, a tenant's, an admin's team's, one user's. */
export type ContentScope = Reach;

/**
 * The one SQL of "the vehicles the caller may see" (packages/domain permissions/vehicles.ts, canSeeContent), over
 * the vehicles table under `alias` (`contents`, `c`): master all, super the tenant, admin the vehicles of the
 * team (the admin's own and their users'), normal their own. The list, the monthly report, the statistics and the
 * running processes all filter by it, so the rule is written once. It needs no join: the team is a subquery.
 */
export function visibleContentsSql(scope: ContentScope, alias: string): RawBuilder<boolean> {
  const domainId = sql.ref(`${alias}.domain_id`);
  const ownerId = sql.ref(`${alias}.owner_user_id`);
  switch (scope.kind) {
    case 'all':
      return sql<boolean>`true`;
    case 'domain':
      return sql<boolean>`${domainId} = ${scope.domainId}`;
    case 'team':
      return sql<boolean>`(${domainId} = ${scope.domainId} and ${ownerId} in (select t.id from users as t
        where t.domain_id = ${scope.domainId} and (t.id = ${scope.adminId} or t.parent_user_id = ${scope.adminId})))`;
    case 'self':
      return sql<boolean>`(${domainId} = ${scope.domainId} and ${ownerId} = ${scope.userId})`;
  }
}
