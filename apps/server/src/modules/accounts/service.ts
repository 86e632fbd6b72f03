import { randomBytes } from 'node:crypto';
import { knownHostFlags, type PrivilegeType, readDomainOptions } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Actor } from '../auth/service.ts';
import { DEFAULT_COMPANY_CODE } from '../tenancy/service.ts';
import { tenantRecords } from '../tenancy/tenants-service.ts';
import { userAccounts } from '../users/accounts-service.ts';
import { accountsRepo } from './repo.ts';

/** Options of the product's own domain: the operator sees every feature. */
export const PRODUCT_DOMAIN_OPTIONS = {
  option_data: true,
  web_negotiation: true,
  hotspot_browser: true,
  hotspot_app: true,
  is_user_add: true,
  online_payment: true,
  // The operator may protect their own accounts with a second step; it is not forced on them.
  two_step_auth: true,
} as const;

export function accountsService(deps: { db: Db; productHost?: string }) {
  const repo = accountsRepo(deps.db);

  return {
    async profile(actor: Actor) {
      const row = await repo.profileOf(actor.userId);
      if (!row) throw new AppError('not_authenticated');
      const options = readDomainOptions(row.domain_options);
      return {
        user: {
          id: row.id,
          email: row.email,
          name: row.name,
          first_name: row.first_name,
          last_name: row.last_name,
          display_name: row.display_name || row.name,
          privilege_type: row.privilege_type as PrivilegeType,
          status: row.status,
          company_section: row.company_section,
          is_pay_by_credit: row.is_pay_by_credit,
          two_step_auth: row.two_step_auth,
          last_login_at: row.last_login_at?.toISOString() ?? null,
          service_ends_at: row.service_ends_at?.toISOString() ?? null,
        },
        cs_joined: row.image_system.cs_join === true,
        domain: {
          host: row.domain_host,
          company_code: row.domain_company_code,
          service_name: row.domain_service_name,
          host_flags: knownHostFlags(row.domain_host_flags),
          is_product_domain: row.domain_host.toLowerCase() === (deps.productHost ?? 'localhost'),
          options: {
            option_data: options.option_data,
            web_negotiation: options.web_negotiation,
            hotspot_browser: options.hotspot_browser,
            hotspot_app: options.hotspot_app,
            is_user_add: options.is_user_add,
            online_payment: options.online_payment,
            analytics_tag: options.analytics_tag,
            content_style: options.content_style,
          },
        },
        company: row.company_id ? { id: row.company_id, name: row.company_name ?? '' } : null,
      };
    },

    async contentsService(actor: Actor) {
      const { user, domain } = await this.profile(actor);
      return {
        is_pay_by_credit: user.is_pay_by_credit,
        web_negotiation: domain.options.web_negotiation,
        web_negotiation_max_time: 120,
        web_negotiation_limit_interval: 'month' as const,
        exterior_develop_view: false,
        option_data: domain.options.option_data,
        is_user_add: domain.options.is_user_add,
      };
    },

    async paymentStatus(actor: Actor): Promise<{ is_payment: boolean }> {
      const row = await repo.profileOf(actor.userId);
      if (!row) throw new AppError('not_authenticated');
      return { is_payment: row.payment_failed_at === null && row.status !== 'expired' };
    },

    /**
     * First start: the product's own domain, its company and the master account, when no master exists.
     * Returns the generated password once so the operator can sign in; it is never stored in clear.
     */
    async ensureMaster(input: {
      email: string | undefined;
      password: string | undefined;
      productHost: string;
    }): Promise<{ email: string; password: string | undefined } | undefined> {
      return deps.db.transaction().execute(async (trx) => {
        if (await accountsRepo(trx).masterExists()) return undefined;
        const tenancy = tenantRecords(trx);
        const domain =
          (await tenancy.findDomainByHost(input.productHost)) ??
          (await tenancy.createDomain({
            host: input.productHost,
            companyCode: DEFAULT_COMPANY_CODE,
            serviceName: 'Spinyard',
            options: PRODUCT_DOMAIN_OPTIONS,
          }));
        const company = await tenancy.createCompany({ domainId: domain.id, name: 'Spinyard' });
        const email = input.email ?? 'admin@spinyard.localhost';
        const generated = input.password ? undefined : randomBytes(12).toString('base64url');
        const password = input.password ?? generated ?? '';
        await userAccounts(trx).createAccount({
          domain_id: domain.id,
          company_id: company.id,
          parent_user_id: null,
          email,
          password_hash: await hashPassword(password),
          name: 'Spinyard Master',
          display_name: 'Spinyard Master',
          privilege_type: 'master',
          login_limit_count: null,
          payment_failed_at: null,
          last_login_at: null,
        });
        return { email, password: generated };
      });
    },
  };
}

export type AccountsService = ReturnType<typeof accountsService>;
