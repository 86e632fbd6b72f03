import {
  applyDomainOptionsPatch,
  canAddDomain,
  DEFAULT_DOMAIN_OPTIONS,
  type DomainOptions,
  ERROR_CATALOGUE,
  type HostFlag,
  hostNameSchema,
  knownHostFlags,
  optionsOnHost,
  parseFields,
} from '@spinyard/domain';
import type { DomainRow } from '../../db/schema.ts';
import { AppError, fieldError } from '../../errors.ts';
import { credentials } from '../auth/credentials-service.ts';
import { NO_PASSWORD_YET } from '../auth/passwords.ts';
import type { Actor } from '../auth/service.ts';
import { isUniqueViolation } from '../sql.ts';
import { userAccounts } from '../users/accounts-service.ts';
import { offsetOf, type Paging, type TenancyServiceDeps } from './common.ts';
import { domainCore, optionsOf, toDomainSummary } from './domain-core.ts';
import { type TenancyRepo, tenancyRepo } from './repo.ts';

/** Search answers are a short pick list, not a page: the list endpoint pages. */
export const DOMAIN_SEARCH_LIMIT = 20;

export interface DomainCreateInput {
  host: string;
  company_code: string;
  service_name: string;
  company_name?: string | undefined;
  host_flags: HostFlag[];
  options: Record<string, unknown>;
  super_user?: { email: string; name: string } | undefined;
}

export interface DomainUpdateInput {
  host?: string | undefined;
  service_name?: string | undefined;
  host_flags?: HostFlag[] | undefined;
  options?: Record<string, unknown> | undefined;
}

export interface DomainBulkUpdateInput {
  domain_ids: string[];
  host_flags?: HostFlag[] | undefined;
  options?: Record<string, unknown> | undefined;
}

/** Domains (tenants): the master's screens `/domain/list`, `/domain/add`, `/domain/edit/{CompanyCode}`. */
export function domainsService(deps: TenancyServiceDeps) {
  const core = domainsShared(deps);
  return { ...domainReads(core), ...domainCreation(core), ...domainUpdates(core) };
}

/** What every domain use case shares: the repository, the clock, the log, and the host, limit and options checks. */
function domainsShared(deps: TenancyServiceDeps) {
  const { db } = deps;
  const repo = tenancyRepo(db);
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? (() => undefined);
  const { asMaster, domainOrThrow, detail } = domainCore(deps);

  /** `domain_in_use` or `domain_deleting` when the host belongs to another domain (any letter case). */
  async function assertHostFree(r: TenancyRepo, host: string, exceptDomainId?: string): Promise<void> {
    const existing = await r.findDomainByHost(host);
    if (!existing || existing.id === exceptDomainId) return;
    const code = existing.status === 'deleting' ? 'domain_deleting' : 'domain_in_use';
    throw new AppError(code, { fields: [fieldError('host', code, ERROR_CATALOGUE[code].message)] });
  }

  /** A concurrent request took the host or the e-mail between our check and our write. */
  function raceToCatalogue(error: unknown): never {
    if (isUniqueViolation(error, 'domains_host_key')) throw new AppError('domain_in_use');
    if (isUniqueViolation(error, 'users_email_key')) throw new AppError('email_already_registered');
    throw error;
  }

  /**
   * The vehicle limit may not fall below what is registered: the domain's whole count, or in per-user mode the
   * largest count of one user (each user's vehicles are what the limit then bounds).
   */
  async function assertLimitCoversRegistered(r: TenancyRepo, domainId: string, options: DomainOptions) {
    if (options.vehicle_limit === null) return;
    const registered =
      options.limit_mode === 'per_user'
        ? await r.maxRegisteredPerUser(domainId)
        : await r.registeredVehicleCount(domainId);
    if (options.vehicle_limit < registered) {
      const message = `The vehicle limit must be at least ${registered}, the number of vehicles already registered.`;
      throw new AppError('domain_limit_below_registered', {
        fields: [fieldError('options.vehicle_limit', 'range', message)],
      });
    }
  }

  /**
   * The options after a patch, with the domain package's rules and the host flags' (a bike site's content style is
   * bike); field names carry the `options.` prefix.
   */
  function applyOptions(
    current: DomainOptions,
    patch: Record<string, unknown> | undefined,
    hostFlags: readonly string[],
  ): DomainOptions {
    const applied = applyDomainOptionsPatch(current, patch ?? {});
    if (!applied.ok) {
      throw new AppError('validation_failed', {
        fields: applied.fields.map((f) => ({ ...f, field: f.field ? `options.${f.field}` : 'options' })),
      });
    }
    const onHost = optionsOnHost(applied.options, knownHostFlags(hostFlags), patch);
    if (!onHost.ok) {
      throw new AppError('validation_failed', {
        fields: [fieldError(`options.${onHost.field}`, 'one_of', onHost.message)],
      });
    }
    return onHost.options;
  }

  return {
    deps,
    db,
    repo,
    now,
    log,
    asMaster,
    domainOrThrow,
    detail,
    assertHostFree,
    raceToCatalogue,
    assertLimitCoversRegistered,
    applyOptions,
  };
}

type DomainsShared = ReturnType<typeof domainsShared>;

/** Domains listed, searched, read, checked for a free host, and their vehicle count. */
function domainReads(core: DomainsShared) {
  const { repo, asMaster, domainOrThrow, detail } = core;
  return {
    async listDomains(actor: Actor, query: Paging & { q?: string | undefined }) {
      await asMaster(actor);
      const { rows, total } = await repo.listDomains({ q: query.q, offset: offsetOf(query), limit: query.limit });
      return { items: rows.map(toDomainSummary), total, page: query.page, limit: query.limit };
    },

    async searchDomains(actor: Actor, q: string) {
      await asMaster(actor);
      const { rows } = await repo.listDomains({ q: q.trim(), offset: 0, limit: DOMAIN_SEARCH_LIMIT });
      return { items: rows.map(toDomainSummary) };
    },

    async getDomain(actor: Actor, id: string) {
      await asMaster(actor);
      return detail(repo, id);
    },

    async getDomainByCode(actor: Actor, companyCode: string) {
      await asMaster(actor);
      const row = await repo.findDomainByCode(companyCode);
      if (!row) throw new AppError('domain_not_registered');
      return detail(repo, row.id);
    },

    /**
     * Whether a host can be registered: `available: false` with the reason when it breaks the host rules, is in
     * use, or belongs to a domain still waiting for the nightly deletion. With a company code, that is checked too.
     */
    async duplicateCheck(actor: Actor, rawHost: string, companyCode?: string) {
      await asMaster(actor, canAddDomain);
      const parsed = parseFields(hostNameSchema, rawHost);
      if (!parsed.ok) {
        const fields = parsed.fields.map((f) => ({ ...f, field: 'host' }));
        return { available: false, reason: 'invalid_host' as const, fields };
      }
      const host = parsed.data;
      const existing = await repo.findDomainByHost(host);
      if (existing) {
        const reason = existing.status === 'deleting' ? ('domain_deleting' as const) : ('domain_in_use' as const);
        return { available: false, host, reason };
      }
      if (companyCode !== undefined && (await repo.companyCodeInUse(companyCode))) {
        return { available: false, host, reason: 'company_code_in_use' as const };
      }
      return { available: true, host };
    },

    async maxContents(actor: Actor, id: string) {
      await asMaster(actor);
      const row = await domainOrThrow(repo, id, false);
      const options = optionsOf(row);
      const limit = options.vehicle_limit;
      return {
        domain_id: row.id,
        vehicle_limit: limit,
        limit_mode: options.limit_mode,
        registered_vehicles: row.registered_vehicles,
        max_registered_per_user: await repo.maxRegisteredPerUser(id),
        // Per user there is no single remainder; the console shows the limit against the busiest user.
        remaining: limit === null || options.limit_mode === 'per_user' ? null : limit - row.registered_vehicles,
      };
    },
  };
}

/** A domain registered with its headquarters and super user. */
function domainCreation(core: DomainsShared) {
  const { deps, db, repo, log, asMaster, detail, assertHostFree, raceToCatalogue, applyOptions } = core;
  return {
    /**
     * A domain with its headquarters and its registered admin (the super user, waiting for activation), in one
     * transaction; then the activation mail. A failed mail does not undo the domain: the answer says so and the
     * activation can be resent.
     */
    async createDomain(actor: Actor, input: DomainCreateInput, requestOrigin: string | undefined) {
      await asMaster(actor, canAddDomain);
      const superUser = input.super_user;
      if (!superUser) {
        throw new AppError('domain_admin_not_registered', {
          fields: [fieldError('super_user', 'required', 'Register the admin (super user) of the domain.')],
        });
      }
      const options = applyOptions({ ...DEFAULT_DOMAIN_OPTIONS }, input.options, input.host_flags ?? []);
      // Hashing is slow on purpose; done before the transaction so its locks are held briefly.

      const created = await db
        .transaction()
        .execute(async (trx) => {
          const r = tenancyRepo(trx);
          await r.lockDomainCreation();
          await assertHostFree(r, input.host);
          if (await r.companyCodeInUse(input.company_code)) {
            throw new AppError('company_code_in_use', {
              fields: [fieldError('company_code', 'unique', ERROR_CATALOGUE.company_code_in_use.message)],
            });
          }
          if (await r.emailTaken(superUser.email)) {
            throw new AppError('email_already_registered', {
              fields: [fieldError('super_user.email', 'unique', ERROR_CATALOGUE.email_already_registered.message)],
            });
          }
          const domain = await r.insertDomain({
            host: input.host,
            companyCode: input.company_code,
            serviceName: input.service_name,
            hostFlags: input.host_flags,
            options: { ...options, service_name: input.service_name },
          });
          const company = await r.insertCompany({
            domainId: domain.id,
            name: input.company_name || input.service_name,
            kind: 'headquarters',
          });
          const user = await userAccounts(trx).createAccount({
            domain_id: domain.id,
            company_id: company.id,
            parent_user_id: null,
            email: superUser.email,
            // Nobody knows this password: the super user sets theirs when activating the account.
            password_hash: NO_PASSWORD_YET,
            name: superUser.name,
            display_name: superUser.name,
            privilege_type: 'super',
            status: 'approval_pending',
            login_limit_count: null,
            payment_failed_at: null,
            last_login_at: null,
          });
          return { domainId: domain.id, userId: user.id };
        })
        .catch(raceToCatalogue);

      let activationMailSent = false;
      if (deps.sendActivation) {
        try {
          activationMailSent = await deps.sendActivation(created.userId, requestOrigin);
        } catch (error) {
          log('Activation mail of a new domain failed', { userId: created.userId, error: String(error) });
        }
      }
      return { ...(await detail(repo, created.domainId)), activation_mail_sent: activationMailSent };
    },
  };
}

/** Domains updated one by one or in bulk, and marked for deletion. */
function domainUpdates(core: DomainsShared) {
  const {
    db,
    now,
    asMaster,
    domainOrThrow,
    detail,
    assertHostFree,
    raceToCatalogue,
    assertLimitCoversRegistered,
    applyOptions,
  } = core;
  return {
    /**
     * Options are merged into the stored set and checked as a whole. They take effect on the next request of the
     * domain's users: every request reads them from the row (nothing caches them on the server).
     */
    async updateDomain(actor: Actor, id: string, input: DomainUpdateInput) {
      await asMaster(actor);
      return db
        .transaction()
        .execute(async (trx) => {
          const r = tenancyRepo(trx);
          const row = await domainOrThrow(r, id, true);
          if (row.status === 'deleting') throw new AppError('domain_deleting');
          const hostChanges = input.host !== undefined && input.host !== row.host;
          if (hostChanges && input.host !== undefined) {
            // Serialised with domain creation, which checks hosts under the same lock.
            await r.lockDomainCreation();
            await assertHostFree(r, input.host, row.id);
          }
          const optionName = input.options?.service_name;
          const serviceName =
            input.service_name ?? (typeof optionName === 'string' ? optionName.trim() : undefined) ?? row.service_name;
          const options = applyOptions(optionsOf(row), input.options, input.host_flags ?? row.host_flags);
          await assertLimitCoversRegistered(r, row.id, options);
          await r.updateDomain(row.id, {
            ...(hostChanges && input.host !== undefined ? { host: input.host } : {}),
            serviceName,
            ...(input.host_flags === undefined ? {} : { hostFlags: input.host_flags }),
            options: { ...options, service_name: serviceName },
          });
          return detail(r, row.id);
        })
        .catch(raceToCatalogue);
    },

    /**
     * `POST /v1/domain-update`: one option set (and optionally host flags) applied to several domains at once,
     * all or nothing. Each domain keeps its other options; each is checked on its own merged result.
     */
    async bulkUpdateDomains(actor: Actor, input: DomainBulkUpdateInput) {
      await asMaster(actor);
      return db.transaction().execute(async (trx) => {
        const r = tenancyRepo(trx);
        const byId = new Map((await r.lockDomains(input.domain_ids)).map((row) => [row.id, row]));
        const rows: DomainRow[] = [];
        for (const [index, id] of input.domain_ids.entries()) {
          const row = byId.get(id);
          const field = `domain_ids.${index}`;
          if (!row) {
            throw new AppError('domain_not_registered', { fields: [fieldError(field, 'one_of', 'Unknown domain.')] });
          }
          if (row.status === 'deleting') {
            throw new AppError('domain_deleting', {
              fields: [fieldError(field, 'domain_deleting', `${row.host} is being deleted.`)],
            });
          }
          if (!rows.includes(row)) rows.push(row);
        }
        for (const row of rows) {
          const options = applyOptions(optionsOf(row), input.options, input.host_flags ?? row.host_flags);
          await assertLimitCoversRegistered(r, row.id, options);
          await r.updateDomain(row.id, {
            ...(input.host_flags === undefined ? {} : { hostFlags: input.host_flags }),
            options: { ...options, service_name: row.service_name },
          });
        }
        const updated = await Promise.all(rows.map((row) => domainOrThrow(r, row.id, false)));
        return { items: updated.map(toDomainSummary) };
      });
    },

    /**
     * Marks the domain for the nightly deletion: its host answers `domain_deleting` to a new registration until
     * then, its host no longer resolves to its company code, and its users' sessions end now.
     */
    async deleteDomain(actor: Actor, id: string) {
      await asMaster(actor);
      return db.transaction().execute(async (trx) => {
        const r = tenancyRepo(trx);
        const row = await domainOrThrow(r, id, true);
        if (await r.hasMasterUser(row.id)) {
          throw new AppError('forbidden', { message: "The product's own domain cannot be deleted." });
        }
        // Asking twice changes nothing: the first request's time decides the night it goes.
        if (row.status !== 'deleting') {
          const at = now();
          await r.markDomainDeleting(row.id, at);
          await credentials(trx).endDomainSessions(row.id, at);
        }
        return detail(r, row.id);
      });
    },
  };
}
