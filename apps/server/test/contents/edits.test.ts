import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { useDealer, vehicleBody } from './content-api.ts';

/**
 * The edits of a vehicle's record besides the whole update: basic info, the display switches, the development
 * view's position, the inspector's input and its panel symbols; and the rules every edit shares (listing link,
 * locks, deleted vehicles), table-driven over all the edit routes.
 */

const t = useTestApp();
const dealer = useDealer(t);
const { api } = dealer;

const rowOf = (id: string) => t.db.selectFrom('contents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const MARKS = [
  { panel: 'bonnet', symbol: 'A', level: 2 },
  { panel: 'front_bumper', symbol: 'XX', level: null },
  { panel: 'bonnet', symbol: 'U', level: 1 },
  { panel: 'wheels', symbol: 'S', level: 3 },
];

/** Every edit route, each with a body for vehicle `id` and the column it changes. */
const EDITS: { name: string; send: (id: string) => { path: string; body: unknown }; changed: (row: Row) => unknown }[] =
  [
    {
      name: 'update',
      send: (id) => ({
        path: `/contents/${id}`,
        body: vehicleBody({ management_id: managementIds.get(id), maker: 'Subaru' }),
      }),
      changed: (r) => r.maker,
    },
    {
      name: 'extendinfo',
      send: (id) => ({ path: '/contents/extendinfo', body: { id, maker: 'Subaru', basic_info_shown: ['maker'] } }),
      changed: (r) => r.maker,
    },
    {
      name: 'defect_display',
      send: (id) => ({ path: '/contents/defect_display', body: { id, display: true } }),
      changed: (r) => r.defect_display,
    },
    {
      name: 'development_view_disp',
      send: (id) => ({ path: '/contents/development_view_disp', body: { id, display: true } }),
      changed: (r) => r.development_view_display,
    },
    {
      name: 'cs-car-inspection-display',
      send: (id) => ({ path: '/contents/cs-car-inspection-display', body: { id, display: true } }),
      changed: (r) => r.inspection_data_display,
    },
    {
      name: 'development_view_position',
      send: (id) => ({ path: '/contents/development_view_position', body: { id, position: 'outside' } }),
      changed: (r) => r.development_view_position,
    },
    {
      name: 'cs-car-inspection',
      send: (id) => ({ path: '/contents/cs-car-inspection', body: { id, inspector_name: 'Sato', marks: MARKS } }),
      changed: (r) => JSON.stringify(r.inspection),
    },
  ];
type Row = Awaited<ReturnType<typeof rowOf>>;

let made = 0;
const managementIds = new Map<string, string>();

async function vehicle(fields: Record<string, unknown> = {}, extra: Parameters<typeof t.make.vehicles>[1] = {}) {
  made += 1;
  const managementId = `EDIT-${made}`;
  const [id] = await t.make.vehicles(dealer.user, { ...extra, fields: { management_id: managementId, ...fields } });
  // The update route sends the vehicle's own management ID back.
  managementIds.set(id!, managementId);
  return id!;
}

describe('each edit route', () => {
  it.each(EDITS)('$name changes the vehicle and answers it', async ({ send, changed }) => {
    const id = await vehicle();
    const before = changed(await rowOf(id));
    const { path, body } = send(id);
    const res = await api.post(path, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().id).toBe(id);
    expect(changed(await rowOf(id))).not.toEqual(before);
  });

  for (const state of ['waiting', 'linking', 'linked'] as const) {
    it.each(EDITS)(`$name is refused while the listing link is ${state}, and changes nothing`, async (edit) => {
      const id = await vehicle({ listing_link: state });
      const before = edit.changed(await rowOf(id));
      const { path, body } = edit.send(id);
      const res = await api.post(path, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'content_linked', params: { listing_link: state } });
      expect(edit.changed(await rowOf(id))).toEqual(before);
    });
  }

  it.each(EDITS)('$name is allowed when the link failed (error), so the dealer can fix the vehicle', async (edit) => {
    const id = await vehicle({ listing_link: 'error' });
    const { path, body } = edit.send(id);
    expect((await api.post(path, body)).statusCode).toBe(200);
  });

  it.each(EDITS)('$name is refused while slider_movie runs (naming it), allowed once it ends', async (edit) => {
    const id = await vehicle({}, { process: 'running', processName: 'slider_movie' });
    const { path, body } = edit.send(id);
    const locked = await api.post(path, body);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error).toMatchObject({
      code: 'content_locked',
      params: { process: 'slider_movie', operation: 'CONTENT.UPDATE', content_id: id },
    });
    await t.make.update.processesOf(dealer.user.id, 'succeeded');
    expect((await api.post(path, body)).statusCode).toBe(200);
  });

  it.each(EDITS)('$name is not locked by blur, which locks only delete and transfer of the content', async (edit) => {
    const id = await vehicle({}, { process: 'running', processName: 'blur' });
    const { path, body } = edit.send(id);
    expect((await api.post(path, body)).statusCode).toBe(200);
    await t.make.update.processesOf(dealer.user.id, 'succeeded');
  });

  it.each(EDITS)('$name is refused on a deleted vehicle', async (edit) => {
    const id = await vehicle({}, { publication: 'deleted' });
    const { path, body } = edit.send(id);
    const res = await api.post(path, body);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('invalid_state_transition');
  });

  it.each(EDITS)('$name is 404 for a vehicle deleted for good', async (edit) => {
    const id = await vehicle({}, { publication: 'permanently_deleted' });
    const { path, body } = edit.send(id);
    expect((await api.post(path, body)).statusCode).toBe(404);
  });
});

describe('bodies of the edit routes', () => {
  it.each([
    ['/contents/defect_display', { id: '1', display: 'yes' }, 'display'],
    ['/contents/defect_display', { display: true }, 'id'],
    ['/contents/development_view_disp', { id: 'x', display: true }, 'id'],
    ['/contents/development_view_position', { id: '1', position: 'above' }, 'position'],
    ['/contents/cs-car-inspection-display', { id: '1', display: true, extra: 1 }, 'extra'],
    ['/contents/extendinfo', { id: '1', first_registration_month: 13 }, 'first_registration_month'],
    ['/contents/extendinfo', { id: '1', basic_info_shown: ['password'] }, 'basic_info_shown.0'],
    ['/contents/cs-car-inspection', { id: '1', marks: [{ panel: 'roof', symbol: 'A' }] }, 'marks.0.level'],
    ['/contents/cs-car-inspection', { id: '1', marks: [{ panel: 'roof', symbol: 'X', level: 2 }] }, 'marks.0.level'],
    ['/contents/cs-car-inspection', { id: '1', marks: [{ panel: 'engine', symbol: 'A', level: 1 }] }, 'marks.0.panel'],
    ['/contents/cs-car-inspection', { id: '1', inspected_on: '2024/01/02' }, 'inspected_on'],
    ['/contents/cs-car-inspection', { id: '1', inspected_on: '2026-13-45' }, 'inspected_on'],
  ])('%s refuses %j with a 422 naming %s', async (path, body, field) => {
    const res = await api.post(path, body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.fields.map((f: { field: string }) => f.field)).toContain(field);
  });
});

describe('the inspector input and the development view symbols', () => {
  it('stores the marks and answers panel number to symbols, marks in the order recorded', async () => {
    const id = await vehicle();
    const saved = await api.post('/contents/cs-car-inspection', {
      id,
      inspector_name: 'Sato',
      inspected_on: '2025-03-01',
      comment: 'Light scratches',
      marks: MARKS,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().inspection).toEqual({
      inspector_name: 'Sato',
      inspected_on: '2025-03-01',
      comment: 'Light scratches',
      marks: MARKS,
    });
    const symbols = await api.get(`/contents/${id}/cs-car-inspection/development-view-number-to-symbol`);
    expect(symbols.statusCode).toBe(200);
    // bonnet is panel 2, front_bumper 1, wheels 18 (DEVELOPMENT_VIEW_PANELS order).
    expect(symbols.json()).toEqual({ symbols: { '1': 'XX', '2': 'A2 U1', '18': 'S3' } });
  });

  it('answers no symbols for a vehicle without marks', async () => {
    const id = await vehicle();
    const res = await api.get(`/contents/${id}/cs-car-inspection/development-view-number-to-symbol`);
    expect(res.json()).toEqual({ symbols: {} });
  });

  it('changes with extendinfo only the basic info fields sent, and what buyers see only when sent', async () => {
    const id = await vehicle({ maker: 'Nissan', car_name: 'Note', mileage: 30_000, price_with_tax: 900_000 });
    const shown = await api.post('/contents/extendinfo', { id, basic_info_shown: ['maker', 'mileage'] });
    expect(shown.statusCode, shown.body).toBe(200);
    // Issue 18: one field sent blanked every other (car_name became '', mileage null, the shown list empty).
    const res = await api.post('/contents/extendinfo', { id, mileage: 12_000 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      maker: 'Nissan',
      car_name: 'Note',
      mileage: 12_000,
      price_with_tax: 900_000,
      basic_info_shown: ['maker', 'mileage'],
    });
    // null and '' still clear a field; the vehicle's own fields stay.
    const cleared = await api.post('/contents/extendinfo', { id, mileage: null, car_name: '' });
    expect(cleared.json()).toMatchObject({ maker: 'Nissan', car_name: '', mileage: null });
    expect((await rowOf(id)).management_id).toBe(managementIds.get(id));
  });

  it('checks the rules between fields on the stored values with the sent ones over them', async () => {
    const id = await vehicle({ first_registration_year: 2019, price_with_tax: 900_000 });
    const month = await api.post('/contents/extendinfo', { id, first_registration_month: 4 });
    expect(month.statusCode, month.body).toBe(200);
    expect(month.json()).toMatchObject({ first_registration_year: 2019, first_registration_month: 4 });
    const below = await api.post('/contents/extendinfo', { id, total_price_with_tax: 800_000 });
    expect(below.statusCode).toBe(422);
    expect(below.json().error.fields).toEqual([
      expect.objectContaining({ field: 'total_price_with_tax', rule: 'range' }),
    ]);
    const noYear = await api.post('/contents/extendinfo', { id, first_registration_year: null });
    expect(noYear.json().error.fields).toEqual([
      expect.objectContaining({ field: 'first_registration_year', rule: 'requires' }),
    ]);
  });
});
