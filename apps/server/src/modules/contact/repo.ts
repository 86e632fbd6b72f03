import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** What the contact form reads (it writes no table of its own: the throttle's counters are the auth area's). */
export function contactRepo(db: Db) {
  /** The users not deleted. */
  const live = () => db.selectFrom('users as u').where('u.deleted_at', 'is', null);
  return {
    /** The sender's account as the operator needs it to answer: who, which company and domain, which plan. */
    async sender(userId: string) {
      return (
        live()
          .innerJoin('domains as d', 'd.id', 'u.domain_id')
          .leftJoin('companies as c', 'c.id', 'u.company_id')
          // The plan of the running card contract (billing keeps it on the subscription, not on the user).
          .leftJoin(
            (eb) =>
              eb
                .selectFrom('subscriptions')
                .select(['user_id', 'plan_id'])
                .where('status', 'in', ['active', 'past_due', 'cancel_pending'])
                .as('s'),
            (join) => join.onRef('s.user_id', '=', 'u.id'),
          )
          .leftJoin('plans as p', (join) => join.on('p.id', '=', sql<string>`coalesce(s.plan_id, u.plan_id)`))
          .select([
            'u.id',
            'u.email',
            'u.name',
            'u.privilege_type',
            'p.id as plan_id',
            'p.name as plan_name',
            'c.name as company_name',
            'd.host as domain_host',
            'd.company_code',
            'd.service_name',
          ])
          .where('u.id', '=', userId)
          .executeTakeFirst()
      );
    },

    /** The masters' addresses: where inquiries go when no operator address is configured. */
    async masterEmails(): Promise<string[]> {
      const rows = await live()
        .select('u.email')
        .where('u.privilege_type', '=', 'master')
        .where('u.status', '=', 'active')
        .orderBy('u.id')
        .execute();
      return rows.map((r) => r.email);
    },
  };
}

export type ContactSender = NonNullable<Awaited<ReturnType<ReturnType<typeof contactRepo>['sender']>>>;
