import { splitKeywords } from '@spinyard/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SubscriptionRowStatus } from '../../db/schema-billing.ts';
import { likePattern } from '../sql.ts';

export interface CustomerFilter {
  q?: string | undefined;
  overdue?: boolean | undefined;
  page: number;
  limit: number;
}

export interface CustomerRow {
  user_id: string;
  name: string;
  email: string;
  company_name: string;
  plan_id: string;
  plan_name: string;
  subscription_status: SubscriptionRowStatus | null;
  is_payment: boolean;
  open_amount: string;
  currency: 'jpy' | 'usd' | 'eur' | 'krw' | 'cny' | null;
  next_billing_at: Date | null;
}

/**
 * Master's customer list, read-only over the billing area's tables: every account paying by card or holding a
 * subscription, its latest subscription (the live one when there is one), whether it is paid up (the same rule as
 * GET /payment-status), and the amount still open: the failed or unanswered charges since it fell behind.
 * Those behind on payment come first, the longest behind at the top.
 */
export function customersRepo(db: Db) {
  return {
    async list(f: CustomerFilter): Promise<{ items: CustomerRow[]; total: number }> {
      const words = f.q ? splitKeywords(f.q) : [];
      const search = words.map(
        (w) => sql`and (u.name ilike ${likePattern(w)} or u.email ilike ${likePattern(w)}
          or coalesce(co.name, u.store_name) ilike ${likePattern(w)})`,
      );
      const customers = sql`
        with customers as (
          select u.id as user_id, u.name, u.email, coalesce(co.name, u.store_name) as company_name,
                 coalesce(s.plan_id, u.plan_id, 'free') as plan_id,
                 coalesce((select p.name from plans p where p.id = coalesce(s.plan_id, u.plan_id)),
                          coalesce(s.plan_id, u.plan_id, 'free')) as plan_name,
                 s.status as subscription_status,
                 (u.payment_failed_at is null and u.status <> 'expired') as is_payment,
                 u.payment_failed_at,
                 coalesce(o.open_amount, 0)::bigint as open_amount,
                 s.currency,
                 -- As the dealer's own contract answer says it (billing/answer.ts, nextBillingOf): the retry
                 -- when behind, the period's end while a cancelled contract still renews before its end.
                 case when s.status = 'active' then s.current_period_end
                      when s.status = 'past_due' then s.next_retry_at
                      when s.status = 'cancel_pending' and s.current_period_end < s.end_date
                        then s.current_period_end end as next_billing_at
          from users u
          left join companies co on co.id = u.company_id
          left join lateral (
            select * from subscriptions s where s.user_id = u.id
            order by (s.status in ('active', 'past_due', 'cancel_pending')) desc, s.created_at desc, s.id desc
            limit 1
          ) s on true
          left join lateral (
            select sum(c.amount) as open_amount from charges c
            where c.user_id = u.id and c.status in ('failed', 'requires_action')
              and s.status = 'past_due' and c.created_at >= coalesce(s.past_due_since, '-infinity')
          ) o on true
          where u.deleted_at is null and u.privilege_type <> 'master'
            and (u.is_pay_by_credit or s.id is not null)
            ${sql.join(search, sql` `)}
        )
        select * from customers
        where ${f.overdue ? sql`(not is_payment or open_amount > 0)` : sql`true`}`;
      const { rows } = await sql<CustomerRow>`${customers}
        order by is_payment, payment_failed_at nulls last, open_amount desc, user_id
        limit ${f.limit} offset ${(f.page - 1) * f.limit}`.execute(db);
      const counted = await sql<{ total: string }>`select count(*) as total from (${customers}) listed`.execute(db);
      return { items: rows, total: Number(counted.rows[0]?.total ?? 0) };
    },
  };
}
