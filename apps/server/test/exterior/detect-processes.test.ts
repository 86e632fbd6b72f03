import { BACKGROUND_PROCESSES } from '@spinyard/domain';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '../../src/modules/index.ts';
import { moduleJobSets } from '../../src/modules/jobs.ts';
import type { ProcessJobPayload } from '../../src/modules/processes/runner.ts';
import { processService } from '../../src/modules/processes/service.ts';
import type { JobHandler } from '../../src/platform/jobs/queue-registry.ts';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { workerContext } from '../helpers/recording-jobs.ts';

/**
 * Every one of the spec's 18 background processes has its job; the detections without a detector (damage on the
 * exterior, cabin parts) refuse before starting instead of proposing a guess, naming their reason; and their lock
 * rules while they run (exterior_autodetect_annotation is the one of them that leaves the vehicle's delete free).
 * The exterior's parts: parts-proposals.test.ts.
 */

const t = useTestApp();
const API = '/api/browser/v0';
let owner: SignedInUser;
let damage: SignedInUser;
let off: SignedInUser;

beforeAll(async () => {
  owner = await t.make.signedIn({ tenant: await t.make.tenant({ options: { auto_annotation: true } }) });
  damage = await t.make.signedIn({
    tenant: await t.make.tenant({ options: { damage_detection: true, ai_detection_type: 'damage' } }),
  });
  off = await t.make.signedIn({ tenant: await t.make.tenant() });
});

const as = (user: SignedInUser, request: InjectOptions) =>
  t.app.inject({ ...request, headers: { ...(request.headers ?? {}), authorization: `Bearer ${user.contentToken}` } });
const newCar = async (user: SignedInUser) => ((await t.make.vehicles(user)) as [string])[0];
const jobSets = () => moduleJobSets(MODULES, workerContext(t));

describe('the 18 background processes', () => {
  it('each has exactly one job, registered with its handler', () => {
    const owners = new Map<string, string>();
    const handled = new Set<string>();
    for (const set of jobSets()) {
      for (const [process, definition] of Object.entries(set.processJobs ?? {})) {
        expect(owners.has(process), `${process} has two jobs`).toBe(false);
        owners.set(process, definition.name);
      }
      for (const name of Object.keys(set.handlers)) handled.add(name);
    }
    expect([...owners.keys()].sort()).toEqual([...BACKGROUND_PROCESSES].sort());
    for (const name of owners.values()) expect(handled.has(name), name).toBe(true);
  });
});

describe('damage detection and the interior without a detector', () => {
  it('answer 409 ai_detector_unavailable with the reason when on, 403 when off, and start nothing', async () => {
    const cases: [SignedInUser, string, number, string, string?][] = [
      [damage, '/exterior', 409, 'ai_detector_unavailable', 'damage'],
      [owner, '/interior', 409, 'ai_detector_unavailable', 'interior_parts'],
      [off, '/exterior', 403, 'forbidden'],
      [off, '/interior', 403, 'forbidden'],
    ];
    for (const [user, area, status, code, reason] of cases) {
      const car = await newCar(user);
      const res = await as(user, { method: 'POST', url: `${API}${area}/${car}/autodetect` });
      expect(res.statusCode, `${area} ${res.body}`).toBe(status);
      expect(res.json().error.code).toBe(code);
      if (reason) expect(res.json().error.params).toEqual({ reason });
      const rows = await t.db.selectFrom('content_processes').select('id').where('content_id', '=', car).execute();
      expect(rows).toEqual([]);
    }
  });

  it('a process started some other way fails at once with the same reason and releases its locks', async () => {
    const car = await newCar(owner);
    const [row] = await processService(t.db).start([
      { contentId: car, process: 'exterior_defect', actorUserId: owner.id },
    ]);
    const set = jobSets().find((s) => s.processJobs?.exterior_defect);
    const name = set!.processJobs!.exterior_defect!.name;
    const handler = set!.handlers[name] as JobHandler<ProcessJobPayload>;
    expect(await handler({ processId: row!.id, attempt: 0 }, { id: 'job-1', retryCount: 0 })).toBe('success');
    const ended = await t.db.selectFrom('content_processes').selectAll().where('id', '=', row!.id).executeTakeFirst();
    expect([ended?.status, ended?.error?.split(':')[0]]).toEqual(['failed', 'ai_detector_unavailable']);
    expect((await as(owner, { method: 'DELETE', url: `${API}/contents/${car}` })).statusCode).toBe(200);
  });
});

describe('while they run', () => {
  it('interior_autodetect_annotation and exterior_defect lock the delete; exterior_autodetect_annotation does not', async () => {
    for (const [process, locks] of [
      ['interior_autodetect_annotation', true],
      ['exterior_defect', true],
      ['exterior_autodetect_annotation', false],
    ] as const) {
      const car = await newCar(owner);
      const [running] = await processService(t.db).start([{ contentId: car, process, actorUserId: owner.id }]);
      const res = await as(owner, { method: 'DELETE', url: `${API}/contents/${car}` });
      if (locks) {
        expect(res.statusCode, `${process}: ${res.body}`).toBe(409);
        expect(res.json().error.params).toMatchObject({ process, operation: 'CONTENT.DELETE' });
      } else {
        expect(res.statusCode, `${process}: ${res.body}`).toBe(200);
      }
      await processService(t.db).succeed(running!.id);
    }
  });
});
