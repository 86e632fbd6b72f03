import { beforeAll, describe, expect, it } from 'vitest';
import { movieBackupRepo } from '../../src/modules/exterior/backup-repo.ts';
import { contentApi } from '../contents/content-api.ts';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';

/**
 * The backup report is the product operator's (master): a super, admin or normal user of any tenant is refused with
 * 403 and learns nothing, whatever domain they name; master sees every domain's backups, or one domain's.
 */

const t = useTestApp();
let a: SignedInUser;
let b: SignedInUser;
let master: SignedInUser;

async function backupOf(owner: SignedInUser): Promise<string> {
  const [car] = (await t.make.vehicles(owner)) as [string];
  const row = await movieBackupRepo(t.db).insert({
    contentId: car,
    domainId: owner.domainId,
    uploadId: null,
    blobKey: `contents/${car}/exterior-backups/${'a'.repeat(64)}.mp4`,
    size: 1234,
    durationSeconds: 9.5,
    fileName: 'walk.mp4',
    expiresAt: null,
  });
  return row.id;
}

beforeAll(async () => {
  a = await t.make.signedIn({ privilege_type: 'super' });
  b = await t.make.signedIn({ privilege_type: 'super' });
  master = await t.make.master();
  await backupOf(a);
  await backupOf(b);
});

describe('GET /exterior_movie_backup/report across tenants', () => {
  it('refuses every user but master, also when naming their own or another domain', async () => {
    const admin = await t.make.signedIn({ privilege_type: 'admin', tenant: b.tenant });
    const normal = await t.make.signedIn({ privilege_type: 'normal', tenant: b.tenant });
    for (const who of [b, admin, normal]) {
      for (const query of ['', `?domain_id=${a.domainId}`, `?domain_id=${b.domainId}`]) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/browser/v0/exterior_movie_backup/report${query}`,
          headers: { authorization: `Bearer ${who.contentToken}` },
        });
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('forbidden');
        expect(res.body).not.toContain('walk.mp4');
      }
    }
  });

  it('gives master every domain, or the one named', async () => {
    const api = contentApi(t.app, master);
    const all = (await api.get('/exterior_movie_backup/report')).json();
    expect(new Set(all.items.map((i: { domain_id: string }) => i.domain_id))).toEqual(
      new Set([a.domainId, b.domainId]),
    );
    const onlyA = (await api.get(`/exterior_movie_backup/report?domain_id=${a.domainId}`)).json();
    expect(onlyA.items.map((i: { domain_id: string }) => i.domain_id)).toEqual([a.domainId]);
    expect(onlyA).toMatchObject({ total: 1, kept_bytes: 1234 });
  });
});
