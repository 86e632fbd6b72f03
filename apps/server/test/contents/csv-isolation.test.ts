import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { csvFile, csvLines, snapshot } from './csv-upload-helpers.ts';

const t = useTestApp();

/**
 * The vehicle CSV edit names vehicles by id in the file: another tenant's ids must read as unknown, on both the
 * check and the write, and nothing of theirs may change.
 */
describe('vehicle CSV edit: tenant isolation', () => {
  it.each(['/api/browser/v0/contents/csv', '/api/browser/v0/contents/csv_check'])(
    "%s refuses another tenant's vehicles as unknown and changes nothing",
    async (url) => {
      const victim = await t.make.signedIn({ privilege_type: 'super' });
      const intruder = await t.make.signedIn({ privilege_type: 'super' });
      const ids = await t.make.vehicles(victim, { count: 2 });
      const lines = await csvLines(t.db, ids);
      for (const l of lines) l.maker = 'Hacked';
      const before = await snapshot(t.db, ids);

      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${intruder.contentToken}`, 'content-type': 'text/csv' },
        payload: csvFile(lines),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.fields).toEqual([
        expect.objectContaining({ field: 'rows.1.id', rule: 'csv_unknown_content' }),
        expect.objectContaining({ field: 'rows.2.id', rule: 'csv_unknown_content' }),
      ]);
      expect(await snapshot(t.db, ids)).toEqual(before);
    },
  );

  it('does not tell another tenant which management IDs a tenant uses', async () => {
    const victim = await t.make.signedIn({ privilege_type: 'super' });
    const intruder = await t.make.signedIn({ privilege_type: 'super' });
    const [theirs] = await t.make.vehicles(victim);
    const mine = await t.make.vehicles(intruder);
    const [victimLine] = await csvLines(t.db, [theirs ?? '']);
    const lines = await csvLines(t.db, mine);
    for (const l of lines) l.management_id = victimLine?.management_id ?? '';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/browser/v0/contents/csv',
      headers: { authorization: `Bearer ${intruder.contentToken}`, 'content-type': 'text/csv' },
      payload: csvFile(lines),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 1, unchanged: 0 });
  });

  it('needs the content token: the access token is not enough', async () => {
    const sup = await t.make.signedIn({ privilege_type: 'super' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/browser/v0/contents/csv',
      headers: { ...sup.headers, 'content-type': 'text/csv' },
      payload: 'id\r\n',
    });
    expect(res.statusCode).toBe(401);
  });
});
