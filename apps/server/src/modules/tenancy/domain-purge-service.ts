import { contentRecords } from '../contents/service.ts';
import { userAccounts } from '../users/accounts-service.ts';
import { fileKeeping, type TenancyServiceDeps } from './common.ts';
import { tenancyRepo } from './repo.ts';

/** The nightly deletion of domains marked deleting (jobs.ts). */
export function domainPurgeService(deps: TenancyServiceDeps) {
  const { db, store } = deps;
  const repo = tenancyRepo(db);
  const log = deps.log ?? (() => undefined);
  const files = fileKeeping(store, log);

  return {
    /**
     * The nightly deletion: every domain marked before `requestedBefore` goes with all its rows, then its files.
     * One transaction per domain, so one that fails is retried without holding back the others.
     */
    async purgeDeletedDomains(requestedBefore: Date): Promise<{ purged: string[]; failed: string[] }> {
      const purged: string[] = [];
      const failed: string[] = [];
      for (const id of await repo.domainsDueForPurge(requestedBefore)) {
        try {
          const keys = await db.transaction().execute(async (trx) => {
            const r = tenancyRepo(trx);
            const row = await r.lockDomain(id);
            // Gone already, or restored meanwhile: nothing to do (a retried job must not delete a live domain).
            if (row?.status !== 'deleting') return null;
            const blobKeys = await r.blobKeysOfDomain(id);
            // Children first, each area deleting its own rows. A table added later that references users or
            // domains must cascade or be purged here; the purge test catches one that blocks the deletion.
            await contentRecords(trx).purgeDomain(id);
            await userAccounts(trx).purgeDomain(id);
            await r.purgeDomainRows(id);
            return blobKeys;
          });
          if (keys === null) continue;
          // The custom design's icons and the web negotiations' documents live under the domain's own prefixes
          // (modules/design, modules/web-negotiation), named by no row here.
          const ownPrefixes = [`designs/${id}/`, `web-negotiation/${id}/`];
          const prefixed = (await Promise.all(ownPrefixes.map((prefix) => store.list(prefix)))).flat();
          await files.removeBlobs([...keys, ...prefixed]);
          purged.push(id);
        } catch (error) {
          log('Nightly deletion of a domain failed', { domainId: id, error: String(error) });
          failed.push(id);
        }
      }
      return { purged, failed };
    },
  };
}
