import { publishedManifest } from '@spinyard/domain';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { seedExterior } from '../helpers/exterior-seed.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { buildContents, manifestOf } from './publishing-helpers.ts';

/**
 * The development view (damage map) in the manifest: the inspector's marks travel only when the vehicle shows the
 * view, with where it shows it, whether or not the rest of the inspection is shown.
 */

const API = '/api/browser/v0';
const t = useTestApp();
let dealer: SignedInUser;
const MARKS = [
  { panel: 'bonnet', symbol: 'A', level: 2 },
  { panel: 'left_front_door', symbol: 'XX', level: null },
];

beforeAll(async () => {
  dealer = await t.make.signedIn();
});

const post = (url: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `${API}${url}`,
    payload,
    headers: { authorization: `Bearer ${dealer.contentToken}` },
  } as InjectOptions);

async function published(show: boolean) {
  const [id = ''] = await t.make.vehicles(dealer);
  await seedExterior(t, id, { rows: [8], width: 64, height: 36 });
  expect((await post('/contents/cs-car-inspection', { id, inspector_name: 'Sato', marks: MARKS })).statusCode).toBe(
    200,
  );
  expect((await post('/contents/development_view_disp', { id, display: show })).statusCode).toBe(200);
  expect((await post('/contents/development_view_position', { id, position: 'inside' })).statusCode).toBe(200);
  const built = await buildContents(t.app, dealer, id);
  expect(built.statusCode, built.body).toBe(200);
  return publishedManifest.parse((await manifestOf(t.app, built.json().short_id)).json());
}

describe('the damage map in the manifest', () => {
  it('carries the marks and the place when the view is shown, without the inspection it was not asked to show', async () => {
    const manifest = await published(true);
    expect(manifest.display.development_view).toBe('inside');
    expect(manifest.damage_map).toEqual(MARKS);
    expect(manifest.inspection).toBeNull();
  });

  it('carries no marks when the view is off', async () => {
    const manifest = await published(false);
    expect(manifest.display.development_view).toBe('off');
    expect(manifest.damage_map).toBeNull();
  });
});
