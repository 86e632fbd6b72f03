import { canEditCompany } from '@spinyard/domain';
import { AppError } from '../../errors.ts';
import { enforce, permissionActorOf } from '../actor/permission-actor.ts';
import type { Actor } from '../auth/service.ts';
import type { TenancyServiceDeps } from './common.ts';
import { tenancyRepo } from './repo.ts';

/**
 * Deleting a corporation (headquarters) or a location (branch) from `/corporations` and `/corporation-contacts`
 * (issue 22): super within their domain, master any. Only a company nothing points to goes (no user, location,
 * group or vehicle: 409 company_in_use), and never the domain's own company (its first headquarters, whose logo is
 * the host's), so no user or vehicle is ever left without its company.
 */
export function companyDeleteService(deps: TenancyServiceDeps) {
  const { db } = deps;
  return {
    async deleteCompany(actor: Actor, id: string, kind: 'headquarters' | 'branch'): Promise<{ deleted: number }> {
      const pa = await permissionActorOf(db, actor);
      return db.transaction().execute(async (trx) => {
        const r = tenancyRepo(trx);
        const company = await r.lockCompany(id);
        if (company?.kind !== kind) throw new AppError('not_found');
        enforce(canEditCompany(pa, { id: company.id, domainId: company.domain_id }));
        const domain = await r.findDomain(company.domain_id);
        if (domain?.status === 'deleting') throw new AppError('domain_deleting');
        if (kind === 'headquarters' && (await r.mainCompanyId(company.domain_id)) === company.id) {
          throw new AppError('main_company_undeletable');
        }
        if (!(await r.deleteUnusedCompany(company.id))) throw new AppError('company_in_use');
        return { deleted: 1 };
      });
    },
  };
}
