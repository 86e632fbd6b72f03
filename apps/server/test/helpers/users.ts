import type { PrivilegeType, UserStatus } from '@spinyard/domain';
import type { Db } from '../../src/db/database.ts';
import { hashPassword } from '../../src/modules/auth/passwords.ts';
import { tenancyRepo } from '../../src/modules/tenancy/repo.ts';

let counter = 0;

/** Inserts a domain (or reuses one by host), a company and a user with a known password. */
export async function createUser(
  db: Db,
  options: {
    email?: string;
    password?: string;
    privilegeType?: PrivilegeType;
    status?: UserStatus;
    host?: string;
    companyCode?: string;
  } = {},
) {
  counter += 1;
  const tenancy = tenancyRepo(db);
  const host = options.host ?? 'dealer.example.test';
  const domain =
    (await tenancy.findDomainByHost(host)) ??
    (await tenancy.insertDomain({
      host,
      companyCode: options.companyCode ?? '0008',
      serviceName: 'Dealer',
      options: { option_data: false, web_negotiation: true },
    }));
  const company = await tenancy.insertCompany({ domainId: domain.id, name: `Company ${counter}` });
  const email = options.email ?? `user${counter}-${Date.now()}@example.test`;
  const password = options.password ?? 'correct-horse-42';
  const user = await db
    .insertInto('users')
    .values({
      domain_id: domain.id,
      company_id: company.id,
      parent_user_id: null,
      email,
      password_hash: await hashPassword(password),
      name: `User ${counter}`,
      privilege_type: options.privilegeType ?? 'super',
      status: options.status ?? 'active',
      login_limit_count: null,
      payment_failed_at: null,
      last_login_at: null,
    })
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
  return { ...user, password, domain, company };
}
