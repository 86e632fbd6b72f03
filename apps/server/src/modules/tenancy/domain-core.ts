import { canEditDomain, type DomainOptions, knownHostFlags, readDomainOptions } from '@spinyard/domain';
import type { DomainRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { enforce, permissionActorOf } from '../actor/permission-actor.ts';
import type { Actor } from '../auth/service.ts';
import { mediaUrl } from './blobs.ts';
import { iso, type TenancyServiceDeps } from './common.ts';
import type { TenancyRepo } from './repo.ts';

export type DomainWithCount = DomainRow & { registered_vehicles: number };

/** The stored options, complete and valid, with the service name of the domain row (the one place it lives). */
export function optionsOf(row: DomainRow): DomainOptions {
  return { ...readDomainOptions(row.options), service_name: row.service_name };
}

export function toDomainSummary(row: DomainWithCount) {
  const options = optionsOf(row);
  return {
    id: row.id,
    host: row.host,
    company_code: row.company_code,
    service_name: row.service_name,
    // Flags stored before a flag was renamed or dropped are left out rather than failing the answer.
    host_flags: knownHostFlags(row.host_flags),
    status: row.status,
    deletion_requested_at: iso(row.deletion_requested_at),
    vehicle_limit: options.vehicle_limit,
    limit_mode: options.limit_mode,
    registered_vehicles: row.registered_vehicles,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** What the domain use cases share: the master check and a domain as its answers show it. */
export function domainCore(deps: TenancyServiceDeps) {
  const { db } = deps;
  /** Every domain route is the operator's: master only (roles table: add domain; our reading: edit domain). */
  async function asMaster(actor: Actor, check: typeof canEditDomain = canEditDomain): Promise<void> {
    enforce(check(await permissionActorOf(db, actor)));
  }

  /** The domain with its vehicle count, or `domain_not_registered`. */
  async function domainOrThrow(r: TenancyRepo, id: string, lock: boolean): Promise<DomainWithCount> {
    const row = lock ? await r.lockDomain(id) : await r.findDomain(id);
    if (!row) throw new AppError('domain_not_registered');
    return { ...row, registered_vehicles: await r.registeredVehicleCount(id) };
  }

  async function detail(r: TenancyRepo, id: string) {
    const row = await domainOrThrow(r, id, false);
    const [mainCompanyId, supers] = await Promise.all([r.mainCompanyId(row.id), r.superUsersOf(row.id)]);
    const mainCompany = mainCompanyId ? await r.findCompany(mainCompanyId) : undefined;
    return {
      ...toDomainSummary(row),
      options: optionsOf(row),
      logo_url: mediaUrl(row.logo_key, row.updated_at),
      splash_url: mediaUrl(row.splash_key, row.updated_at),
      round_logo_url: mediaUrl(row.round_logo_key, row.updated_at),
      main_company: mainCompany ? { id: mainCompany.id, name: mainCompany.name } : null,
      super_users: supers.map((u) => ({ id: u.id, email: u.email, name: u.name, status: u.status })),
    };
  }

  return { asMaster, domainOrThrow, detail };
}
