import {
  type CompanyTarget,
  canEditCompany,
  canUpdateCompany,
  canViewCompanyInfo,
  checkCompanyLogo,
  companySchema,
  type PermissionActor,
  parseFields,
} from '@spinyard/domain';
import type { CompanyRow } from '../../db/schema.ts';
import { AppError, fieldError } from '../../errors.ts';
import { enforce, permissionActorOf } from '../actor/permission-actor.ts';
import type { Actor } from '../auth/service.ts';
import { mediaUrl, stageBlob } from './blobs.ts';
import { fileKeeping, imageRefusal, iso, mediaOf, offsetOf, type Paging, type TenancyServiceDeps } from './common.ts';
import { type CompanyFields, type TenancyRepo, tenancyRepo } from './repo.ts';

export type CompanyPatch = Partial<CompanyFields>;

/** A company logo is shown in a sidebar and on the company page; larger pictures are shrunk to fit this box. */
const COMPANY_LOGO_MAX_EDGE = 1200;

function fieldsOf(row: CompanyRow): CompanyFields {
  return {
    name: row.name,
    corporate_code: row.corporate_code,
    store_code: row.store_code,
    zip1: row.zip1,
    zip2: row.zip2,
    prefecture: row.prefecture,
    state: row.state,
    city: row.city,
    street: row.street,
    tel: row.tel,
    country: row.country,
    credit_notation: row.credit_notation,
    subdomain: row.subdomain,
  };
}

function toCompany(row: CompanyRow) {
  return {
    id: row.id,
    domain_id: row.domain_id,
    kind: row.kind,
    headquarters_id: row.parent_company_id,
    ...fieldsOf(row),
    logo_url: mediaUrl(row.logo_key, row.updated_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** Company fields after a partial update, checked as a whole (the postal code's two parts go together). */
function mergedFields(current: CompanyFields | undefined, patch: CompanyPatch): CompanyFields {
  const parsed = parseFields(companySchema, { ...current, ...patch });
  if (!parsed.ok) throw new AppError('validation_failed', { fields: parsed.fields });
  return parsed.data;
}

/**
 * The domain a company list is limited to. A super's is always their own, whatever they ask for, so the filter
 * can never reach another tenant; master may narrow to one domain (undefined: every domain).
 */
function domainScopeOf(pa: PermissionActor, requested: string | undefined): string | undefined {
  return pa.privilegeType === 'master' ? requested : pa.domainId;
}

function targetOf(company: CompanyRow): CompanyTarget {
  return { id: company.id, domainId: company.domain_id };
}

/** Company edit (super, master: canEditCompany) or company update (a product-branded admin: canUpdateCompany). */
function assertMayEditOwn(pa: PermissionActor, company: CompanyRow): void {
  const target = targetOf(company);
  const edit = canEditCompany(pa, target);
  if (edit.ok || canUpdateCompany(pa, target).ok) return;
  enforce(edit);
}

/**
 * Where a company's logo is published. The sidebar asks the host's company code and loads
 * `company_logo_{code}.png`, so the domain's own company (its first headquarters) publishes under exactly that
 * name; any other company of the domain gets its id in the name and shows on its company page only.
 */
function companyLogoKey(companyCode: string, companyId: string, isMainCompany: boolean): string {
  return isMainCompany
    ? `images/logos/company_logo_${companyCode}.png`
    : `images/logos/company_logo_${companyCode}_${companyId}.png`;
}

/**
 * Companies: headquarters and branches (super of the domain, master), and the caller's own company
 * (`/companyinfo/info`, `/company/edit`, its logo). Every read and write is scoped through the permission
 * functions on the row's domain, so another tenant's company answers as not found.
 */
export function companiesService(deps: TenancyServiceDeps) {
  const core = companiesCore(deps);
  return { ...headquartersService(core), ...branchesService(core), ...ownCompanyService(core) };
}

/** What every company use case shares: the repository, the files, and the lookups that check visibility and kind. */
function companiesCore(deps: TenancyServiceDeps) {
  const { db, store } = deps;
  const repo = tenancyRepo(db);
  const files = fileKeeping(store, deps.log ?? (() => undefined));
  const media = mediaOf(deps);

  async function companyOrThrow(r: TenancyRepo, id: string, kind: CompanyRow['kind'], lock = false) {
    const company = lock ? await r.lockCompany(id) : await r.findCompany(id);
    if (company?.kind !== kind) throw new AppError('not_found');
    return company;
  }

  /** A headquarters the actor may work with, or `not_found` (another tenant's id looks like no id at all). */
  async function visibleHeadquarters(pa: PermissionActor, id: string, r: TenancyRepo = repo): Promise<CompanyRow> {
    const hq = await companyOrThrow(r, id, 'headquarters');
    enforce(canEditCompany(pa, targetOf(hq)));
    return hq;
  }

  /** The headquarters a branch moves under: one of the branch's own domain, else a field error. */
  async function headquartersInDomain(r: TenancyRepo, headquartersId: string, domainId: string) {
    const hq = await r.findCompany(headquartersId);
    if (hq?.kind !== 'headquarters' || hq.domain_id !== domainId) {
      throw new AppError('validation_failed', {
        fields: [fieldError('headquarters_id', 'one_of', 'Choose a headquarters of the same domain.')],
      });
    }
    return hq;
  }

  /** Company rows of a domain being deleted are frozen until the nightly deletion removes them. */
  async function activeDomain(r: TenancyRepo, domainId: string) {
    const domain = await r.findDomain(domainId);
    if (!domain) throw new AppError('domain_not_registered');
    if (domain.status === 'deleting') throw new AppError('domain_deleting');
    return domain;
  }

  async function answer(r: TenancyRepo, id: string) {
    const row = await r.findCompany(id);
    if (!row) throw new AppError('not_found');
    return toCompany(row);
  }

  /** The caller's own company (locked for a write) when they may edit it. */
  async function ownCompanyForEdit(r: TenancyRepo, pa: PermissionActor, lock = true): Promise<CompanyRow> {
    if (!pa.companyId) throw new AppError('forbidden');
    const company = lock ? await r.lockCompany(pa.companyId) : await r.findCompany(pa.companyId);
    if (!company) throw new AppError('not_found');
    assertMayEditOwn(pa, company);
    return company;
  }

  return {
    deps,
    db,
    store,
    repo,
    files,
    media,
    companyOrThrow,
    visibleHeadquarters,
    headquartersInDomain,
    activeDomain,
    answer,
    ownCompanyForEdit,
  };
}

type CompaniesCore = ReturnType<typeof companiesCore>;

/** Headquarters: listed, read, created and updated. */
function headquartersService(core: CompaniesCore) {
  const { db, repo, companyOrThrow, visibleHeadquarters, activeDomain, answer } = core;
  return {
    async listHeadquarters(actor: Actor, query: Paging & { q?: string | undefined; domain_id?: string | undefined }) {
      const pa = await permissionActorOf(db, actor);
      enforce(canEditCompany(pa));
      const { rows, total } = await repo.listCompanies({
        domainId: domainScopeOf(pa, query.domain_id),
        kind: 'headquarters',
        q: query.q,
        offset: offsetOf(query),
        limit: query.limit,
      });
      const items = rows.map((row) => ({ ...toCompany(row), branch_count: row.branch_count }));
      return { items, total, page: query.page, limit: query.limit };
    },

    async getHeadquarters(actor: Actor, id: string) {
      return toCompany(await visibleHeadquarters(await permissionActorOf(db, actor), id));
    },

    async createHeadquarters(actor: Actor, input: CompanyPatch & { domain_id?: string | undefined }) {
      const pa = await permissionActorOf(db, actor);
      enforce(canEditCompany(pa));
      const { domain_id: requestedDomainId, ...patch } = input;
      let domainId = pa.domainId;
      if (pa.privilegeType === 'master') {
        if (requestedDomainId === undefined) {
          throw new AppError('validation_failed', {
            fields: [fieldError('domain_id', 'required', 'Choose the domain of the headquarters.')],
          });
        }
        domainId = requestedDomainId;
      } else if (requestedDomainId !== undefined && requestedDomainId !== pa.domainId) {
        // Another tenant's domain is answered like one that does not exist.
        throw new AppError('domain_not_registered');
      }
      const fields = mergedFields(undefined, patch);
      return db.transaction().execute(async (trx) => {
        const r = tenancyRepo(trx);
        await activeDomain(r, domainId);
        return toCompany(await r.insertCompany({ domainId, name: fields.name, kind: 'headquarters', fields }));
      });
    },

    async updateHeadquarters(actor: Actor, id: string, patch: CompanyPatch) {
      const pa = await permissionActorOf(db, actor);
      return db.transaction().execute(async (trx) => {
        const r = tenancyRepo(trx);
        const company = await companyOrThrow(r, id, 'headquarters', true);
        enforce(canEditCompany(pa, targetOf(company)));
        await activeDomain(r, company.domain_id);
        await r.updateCompany(company.id, mergedFields(fieldsOf(company), patch));
        return answer(r, company.id);
      });
    },
  };
}

/** Branches: listed, read, created and updated (moved under another headquarters of the domain). */
function branchesService(core: CompaniesCore) {
  const { db, repo, companyOrThrow, visibleHeadquarters, headquartersInDomain, activeDomain, answer } = core;
  return {
    async listBranches(
      actor: Actor,
      query: Paging & { q?: string | undefined; domain_id?: string | undefined; headquarters_id?: string | undefined },
    ) {
      const pa = await permissionActorOf(db, actor);
      enforce(canEditCompany(pa));
      const hq = query.headquarters_id === undefined ? undefined : await visibleHeadquarters(pa, query.headquarters_id);
      const { rows, total } = await repo.listCompanies({
        kind: 'branch',
        parentCompanyId: hq?.id,
        // Both filters apply: master naming a headquarters outside the named domain gets an empty page.
        domainId: domainScopeOf(pa, query.domain_id),
        q: query.q,
        offset: offsetOf(query),
        limit: query.limit,
      });
      const items = rows.map((row) => ({ ...toCompany(row), headquarters_name: row.headquarters_name }));
      return { items, total, page: query.page, limit: query.limit };
    },

    async getBranch(actor: Actor, id: string) {
      const pa = await permissionActorOf(db, actor);
      const branch = await companyOrThrow(repo, id, 'branch');
      enforce(canEditCompany(pa, targetOf(branch)));
      return toCompany(branch);
    },

    async createBranch(actor: Actor, input: CompanyPatch & { headquarters_id: string }) {
      const pa = await permissionActorOf(db, actor);
      enforce(canEditCompany(pa));
      const { headquarters_id: headquartersId, ...patch } = input;
      const fields = mergedFields(undefined, patch);
      return db.transaction().execute(async (trx) => {
        const r = tenancyRepo(trx);
        // The headquarters is the resource the branch is created in: another tenant's answers as not found.
        const hq = await visibleHeadquarters(pa, headquartersId, r);
        await activeDomain(r, hq.domain_id);
        const branch = await r.insertCompany({
          domainId: hq.domain_id,
          name: fields.name,
          kind: 'branch',
          parentCompanyId: hq.id,
          fields,
        });
        return toCompany(branch);
      });
    },

    async updateBranch(actor: Actor, id: string, input: CompanyPatch & { headquarters_id?: string | undefined }) {
      const pa = await permissionActorOf(db, actor);
      return db.transaction().execute(async (trx) => {
        const r = tenancyRepo(trx);
        const branch = await companyOrThrow(r, id, 'branch', true);
        enforce(canEditCompany(pa, targetOf(branch)));
        await activeDomain(r, branch.domain_id);
        const { headquarters_id: headquartersId, ...patch } = input;
        const parent =
          headquartersId === undefined ? undefined : await headquartersInDomain(r, headquartersId, branch.domain_id);
        await r.updateCompany(branch.id, {
          ...mergedFields(fieldsOf(branch), patch),
          ...(parent ? { parent_company_id: parent.id } : {}),
        });
        return answer(r, branch.id);
      });
    },
  };
}

/** The caller's own company: read, edited, its logo uploaded and removed. */
function ownCompanyService(core: CompaniesCore) {
  const { db, store, repo, files, media, activeDomain, answer, ownCompanyForEdit } = core;
  return {
    /** `/companyinfo/info`: the caller's company, its headquarters when it is a branch, and its domain. */
    async companyInfo(actor: Actor) {
      const pa = await permissionActorOf(db, actor);
      enforce(canViewCompanyInfo(pa));
      if (!pa.companyId) throw new AppError('not_found');
      const [company, domain] = await Promise.all([repo.findCompany(pa.companyId), repo.findDomain(pa.domainId)]);
      if (!company || !domain) throw new AppError('not_found');
      const hq = company.parent_company_id ? await repo.findCompany(company.parent_company_id) : undefined;
      return {
        company: toCompany(company),
        headquarters: hq ? { id: hq.id, name: hq.name } : null,
        domain: { host: domain.host, company_code: domain.company_code, service_name: domain.service_name },
      };
    },

    /** `/company/edit`: fields not sent keep their values; the whole result is checked. */
    async editOwnCompany(actor: Actor, patch: CompanyPatch) {
      const pa = await permissionActorOf(db, actor);
      return db.transaction().execute(async (trx) => {
        const r = tenancyRepo(trx);
        const company = await ownCompanyForEdit(r, pa);
        await activeDomain(r, company.domain_id);
        await r.updateCompany(company.id, mergedFields(fieldsOf(company), patch));
        return answer(r, company.id);
      });
    },

    /**
     * Company logo: png, gif or jpeg by content, up to 5 MB; re-encoded to PNG (metadata and trailing bytes
     * gone, the first frame of an animation) and published under its `company_logo_...png` name.
     */
    async uploadCompanyLogo(actor: Actor, data: Buffer) {
      const pa = await permissionActorOf(db, actor);
      // Permission before any work on the upload.
      await ownCompanyForEdit(repo, pa, false);
      const facts = await media.measureImage(data);
      const refused = checkCompanyLogo({ mime: facts.mime, bytes: facts.bytes }, 'image');
      if (refused.length > 0) throw imageRefusal(refused);
      const encoded = await media.reencodeImage(data, {
        format: 'png',
        fitWithin: { width: COMPANY_LOGO_MAX_EDGE, height: COMPANY_LOGO_MAX_EDGE },
      });

      const result = await files.withStagedFiles((stage) =>
        db.transaction().execute(async (trx) => {
          const r = tenancyRepo(trx);
          const company = await ownCompanyForEdit(r, pa);
          const domain = await activeDomain(r, company.domain_id);
          const isMain = (await r.mainCompanyId(domain.id)) === company.id;
          const key = companyLogoKey(domain.company_code, company.id, isMain);
          stage(await stageBlob(store, key, encoded, 'image/png'));
          await r.setCompanyLogo(company.id, key);
          const replaced = company.logo_key !== null && company.logo_key !== key ? [company.logo_key] : [];
          return { company: await answer(r, company.id), replaced };
        }),
      );
      await files.removeBlobs(result.replaced);
      return result.company;
    },

    async removeCompanyLogo(actor: Actor) {
      const pa = await permissionActorOf(db, actor);
      const result = await db.transaction().execute(async (trx) => {
        const r = tenancyRepo(trx);
        const company = await ownCompanyForEdit(r, pa);
        await activeDomain(r, company.domain_id);
        await r.setCompanyLogo(company.id, null);
        return { company: await answer(r, company.id), key: company.logo_key };
      });
      // The sidebar then falls back to the product's logo (0006), as for a domain that never had one.
      if (result.key) await files.removeBlobs([result.key]);
      return result.company;
    },
  };
}
