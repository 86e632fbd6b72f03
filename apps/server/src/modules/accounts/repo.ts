import type { Db } from '../../db/database.ts';
import { hasRow } from '../sql.ts';

export function accountsRepo(db: Db) {
  return {
    /** The user with the domain and company they belong to; scoped by the id of the authenticated actor. */
    profileOf(userId: string) {
      return db
        .selectFrom('users as u')
        .innerJoin('domains as d', 'd.id', 'u.domain_id')
        .leftJoin('companies as c', 'c.id', 'u.company_id')
        .select([
          'u.id',
          'u.email',
          'u.name',
          'u.first_name',
          'u.last_name',
          'u.display_name',
          'u.privilege_type',
          'u.status',
          'u.company_section',
          'u.is_pay_by_credit',
          'u.two_step_auth',
          'u.payment_failed_at',
          'u.last_login_at',
          'u.service_ends_at',
          'u.image_system',
          'd.host as domain_host',
          'd.company_code as domain_company_code',
          'd.service_name as domain_service_name',
          'd.host_flags as domain_host_flags',
          'd.options as domain_options',
          'c.id as company_id',
          'c.name as company_name',
        ])
        .where('u.id', '=', userId)
        .executeTakeFirst();
    },

    async masterExists(): Promise<boolean> {
      return hasRow(db.selectFrom('users').select('id').where('privilege_type', '=', 'master').limit(1));
    },
  };
}

export type AccountsRepo = ReturnType<typeof accountsRepo>;
