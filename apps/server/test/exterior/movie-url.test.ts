import { describe, expect, it } from 'vitest';
import { movieBackupRepo } from '../../src/modules/exterior/backup-repo.ts';
import { contentApi, useDealer } from '../contents/content-api.ts';
import { useTestApp } from '../helpers/app.ts';
import { testAppStore } from '../helpers/exterior-seed.ts';

/** `GET /exteriormovie_url`: the kept original walk-around video, by a signed, expiring URL, to who sees the vehicle. */

const t = useTestApp();
const dealer = useDealer(t);
const SHA = 'c'.repeat(64);

describe('the exterior movie URL', () => {
  it('signs the kept video for who sees the vehicle; nothing kept or another tenant is not found', async () => {
    const [id] = await t.make.vehicles(dealer.user, { fields: { maker: 'Subaru' } });
    const car = id as string;
    const url = `/exteriormovie_url?contentsID=${car}`;
    const none = await dealer.api.get(url);
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toMatchObject({ code: 'not_found', params: { reason: 'no_kept_movie' } });

    const { domain_id } = await t.db
      .selectFrom('contents')
      .select('domain_id')
      .where('id', '=', car)
      .executeTakeFirstOrThrow();
    const key = `contents/${car}/exterior-backups/${SHA}.mp4`;
    await testAppStore(t.dir).put(key, Buffer.from('the walk-around'));
    const row = await movieBackupRepo(t.db).insert({
      contentId: car,
      domainId: domain_id,
      uploadId: null,
      blobKey: key,
      size: 15,
      durationSeconds: 9.5,
      fileName: 'walkaround.mp4',
      expiresAt: null,
    });
    const answer = await dealer.api.get(url);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({ content_id: car, movies: [{ id: row.id, file_name: 'walkaround.mp4', size: 15 }] });
    expect(Date.parse(body.url_expires_at)).toBeGreaterThan(Date.now());
    const signed: string = body.movies[0].url;
    expect(signed).toMatch(/\?exp=\d+&sig=/);
    const file = await t.app.inject({ method: 'GET', url: signed });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('the walk-around');
    // The same path without its signature loads nothing.
    expect((await t.app.inject({ method: 'GET', url: signed.split('?')[0] as string })).statusCode).toBe(404);

    const stranger = await t.make.signedIn();
    expect((await contentApi(t.app, stranger).get(url)).statusCode).toBe(404);
    expect((await dealer.api.get('/exteriormovie_url?contentsID=abc')).statusCode).toBe(422);

    await movieBackupRepo(t.db).markPurged(row.id, new Date());
    expect((await dealer.api.get(url)).statusCode).toBe(404);
  });
});
