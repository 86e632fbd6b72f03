import { describe, expect, it } from 'vitest';
import { movieBackupRepo } from '../../src/modules/exterior/backup-repo.ts';
import { contentApi, useDealer } from '../contents/content-api.ts';
import { useTestApp } from '../helpers/app.ts';

/** `GET /exterior/{id}/uploaded_before`: a second upload of the same video is named before it is processed. */

const t = useTestApp();
const dealer = useDealer(t);
const SHA = 'a'.repeat(64);

describe('a video uploaded before', () => {
  it('answers when the same bytes were first made into a spin of this vehicle, only to who sees it', async () => {
    const [id] = await t.make.vehicles(dealer.user, { fields: { maker: 'Mazda' } });
    const car = id as string;
    const { domain_id } = await t.db
      .selectFrom('contents')
      .select('domain_id')
      .where('id', '=', car)
      .executeTakeFirstOrThrow();
    const url = (sha: string, vehicle = car) => `/exterior/${vehicle}/uploaded_before?sha256=${sha}`;
    expect((await dealer.api.get(url(SHA))).json()).toEqual({ uploaded_at: null, file_name: null });

    const row = await movieBackupRepo(t.db).insert({
      contentId: car,
      domainId: domain_id,
      uploadId: null,
      blobKey: `contents/${car}/exterior-backups/${SHA}.mp4`,
      size: 1000,
      durationSeconds: 12,
      fileName: 'walkaround.mp4',
      expiresAt: null,
    });
    const seen = await dealer.api.get(url(SHA));
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toEqual({ uploaded_at: row.created_at.toISOString(), file_name: 'walkaround.mp4' });
    // Other bytes, another vehicle of the dealer, another tenant, a malformed hash.
    expect((await dealer.api.get(url('b'.repeat(64)))).json().uploaded_at).toBeNull();
    const [other] = await t.make.vehicles(dealer.user, { fields: { maker: 'Honda' } });
    expect((await dealer.api.get(url(SHA, other as string))).json().uploaded_at).toBeNull();
    const stranger = await t.make.signedIn();
    expect((await contentApi(t.app, stranger).get(url(SHA))).statusCode).toBe(404);
    const bad = await dealer.api.get(url('not-a-hash'));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.code).toBeTruthy();
  });
});
