import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** The one read of the caller that every permission check starts from (permission-actor.ts). */
export function actorRepo(db: Db) {
  return {
    /**
     * The caller's row, their domain, and whether that domain is the product's own: the one its operator (master)
     * belongs to, which is what makes a card-paying user "product-branded".
     */
    callerRow(userId: string) {
      return db
        .selectFrom('users as u')
        .innerJoin('domains as d', 'd.id', 'u.domain_id')
        .select([
          'u.id',
          'u.domain_id',
          'u.company_id',
          'u.parent_user_id',
          'u.privilege_type',
          'u.is_pay_by_credit',
          'u.login_limit_count',
          'u.image_system',
          'd.options as domain_options',
          sql<boolean>`exists (select 1 from users m where m.domain_id = u.domain_id and m.privilege_type = 'master')`.as(
            'is_product_domain',
          ),
        ])
        .where('u.id', '=', userId)
        .where('u.deleted_at', 'is', null)
        .executeTakeFirst();
    },
  };
}
