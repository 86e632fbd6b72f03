import { canEditCompany, type SubdomainAnswer, type subdomainBody } from '@spinyard/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import { enforce, permissionActorOf } from '../actor/permission-actor.ts';
import type { Actor } from '../auth/service.ts';
import { hostsRepo } from './hosts-repo.ts';
import { tenancyRepo } from './repo.ts';

/** The company a call is about: the one named (any of the caller's domain; any for master) or the caller's own. */
async function companyOf(db: Db, actor: Actor, companyId: string | undefined) {
  const p = await permissionActorOf(db, actor);
  const repo = hostsRepo(db);
  const id = companyId ?? p.companyId ?? (await tenancyRepo(db).mainCompanyId(p.domainId));
  const company = id ? await repo.companyWithHost(id) : undefined;
  // Another tenant's company reads as missing, as every tenancy lookup does.
  if (!company || (p.privilegeType !== 'master' && company.domain_id !== p.domainId)) throw new AppError('not_found');
  return { p, company };
}

function answerOf(company: { id: string; subdomain: string; host: string }, editable: boolean): SubdomainAnswer {
  return {
    company_id: company.id,
    subdomain: company.subdomain,
    domain_host: company.host,
    host: company.subdomain ? `${company.subdomain}.${company.host}` : null,
    editable,
  };
}

/** `/subdomain`: a company's subdomain under its tenant's host (schemas/subdomain.ts). */
export function subdomainService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async read(actor: Actor): Promise<SubdomainAnswer> {
      const { p, company } = await companyOf(db, actor, undefined);
      return answerOf(company, canEditCompany(p, { id: company.id, domainId: company.domain_id }).ok);
    },

    async update(actor: Actor, body: z.output<typeof subdomainBody>): Promise<SubdomainAnswer> {
      const { p, company } = await companyOf(db, actor, body.company_id);
      enforce(canEditCompany(p, { id: company.id, domainId: company.domain_id }));
      await db.transaction().execute(async (trx) => {
        // One writer per domain at a time, so two companies cannot both take a free subdomain.
        await tenancyRepo(trx).lockDomain(company.domain_id);
        if (body.subdomain && (await hostsRepo(trx).subdomainTaken(company.domain_id, body.subdomain, company.id))) {
          throw new AppError('conflict', {
            fields: [fieldError('subdomain', 'unique', 'Another company of this domain already uses this subdomain.')],
          });
        }
        await tenancyRepo(trx).updateCompany(company.id, { subdomain: body.subdomain });
      });
      return answerOf({ ...company, subdomain: body.subdomain }, true);
    },
  };
}

export type SubdomainService = ReturnType<typeof subdomainService>;
