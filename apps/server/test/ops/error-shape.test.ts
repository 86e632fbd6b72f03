import { errorAnswer } from '@spinyard/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { createUpload, patchUpload, serve } from '../uploads/tus-client.ts';

/** Errors written outside the routes' own error handler: tus's refusals and the viewer page's. */

const t = useTestApp();
let base: string;
let owner: SignedInUser;
let car: string;

beforeAll(async () => {
  base = await serve(t.app);
  owner = await t.make.signedIn({ privilege_type: 'super' });
  [car] = (await t.make.vehicles(owner)) as [string];
});

async function shapeOf(res: Response): Promise<string> {
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return errorAnswer.parse(await res.json()).error.code;
}

// A creation without Tus-Resumable (412) is checked in uploads/tus.test.ts.
describe('tus refusals in the error shape (statuses stay tus protocol)', () => {
  it('bytes at the wrong offset: 409 conflict', async () => {
    const created = await createUpload(base, owner.contentToken, car, 1000);
    expect(created.status).toBe(201);
    const id = (created.headers.get('location') ?? '').split('/').at(-1)!;
    const res = await patchUpload(base, owner.contentToken, id, 10, Buffer.alloc(10));
    expect(res.status).toBe(409);
    expect(await shapeOf(res)).toBe('conflict');
  });
});

describe('the viewer page asked for JSON', () => {
  it('an unknown short id: 404 not_found in the error shape; a browser still gets the page', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/v/nosuchid1', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(404);
    expect(errorAnswer.parse(json.json()).error.code).toBe('not_found');
    const page = await t.app.inject({ method: 'GET', url: '/v/nosuchid1', headers: { accept: 'text/html,*/*' } });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });
});
