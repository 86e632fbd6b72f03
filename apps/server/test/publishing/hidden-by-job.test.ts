import { publishedManifest } from '@spinyard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exteriorJobs } from '../../src/modules/exterior/jobs.ts';
import { createBoss } from '../../src/platform/jobs/boss.ts';
import { createJobRunner } from '../../src/platform/jobs/queue-registry.ts';
import { createMedia } from '../../src/platform/media/index.ts';
import { contentApi } from '../contents/content-api.ts';
import { eventually } from '../contents/process-jobs.ts';
import { openCluster } from '../contents/realtime-nodes.ts';
import { seedExterior } from '../helpers/exterior-seed.ts';
import { factory } from '../helpers/factory.ts';
import { buildContents, manifestOf } from './publishing-helpers.ts';

/**
 * A change that hides something, made by a background process on a real pg-boss worker (a blur applied after
 * publishing): the request only queues it, so the request's hook finds nothing hidden yet; what republishes the
 * vehicle is the process notice the node hears when the blur succeeds (publishing/hide-hook.ts). pending.test.ts
 * checks the same rule with the process run in the request.
 */

let cluster: Awaited<ReturnType<typeof openCluster>>;

beforeAll(async () => {
  cluster = await openCluster(1, {
    jobs: async (db, url, store) => {
      const jobs = exteriorJobs({ db, store, media: createMedia(), log: () => undefined });
      const runner = createJobRunner({ boss: createBoss(url), ...jobs, log: () => undefined });
      await runner.start();
      return runner;
    },
  });
});
afterAll(async () => {
  await cluster?.close();
});

describe('a blur applied by its job after publishing', () => {
  it('reaches the buyers’ page once the job succeeds, through the process notice', async () => {
    const { app, db } = cluster.nodes[0]!;
    const dealer = await factory(db).signedIn();
    const [id = ''] = await factory(db).vehicles(dealer);
    const seeded = await seedExterior({ db, dir: cluster.dir }, id, { rows: [4] });
    const built = await buildContents(app, dealer, id);
    expect(built.statusCode, built.body).toBe(200);
    const shortId = built.json().short_id as string;
    const frames = async () => {
      const res = await manifestOf(app, shortId);
      expect(res.statusCode, res.body).toBe(200);
      return (publishedManifest.parse(res.json()).exterior?.rows[0]?.frames ?? []).map(
        (f) => f.image.renditions.display?.jpeg ?? '',
      );
    };
    const before = await frames();

    const blur = await contentApi(app, dealer).post(`/blurred_contents/${id}`, {
      group_id: seeded.rows[0]?.id,
      blur_str: 80,
      regions: [
        { id: 'plate', shape: 'rect', all_frames: true, keys: [{ frame: 0, box: { x: 0, y: 0, w: 0.5, h: 0.5 } }] },
      ],
    });
    expect(blur.statusCode, blur.body).toBe(202);
    // Queued for the worker: nothing is blurred when the request's hook looks.
    expect(blur.json().process.status).not.toBe('succeeded');

    const after = await eventually('the blurred frames on the buyers’ page', async () => {
      const now = await frames();
      return now.some((file) => before.includes(file)) ? undefined : now;
    });
    expect(after).toHaveLength(before.length);
    const process = await db
      .selectFrom('content_processes')
      .select('status')
      .where('content_id', '=', id)
      .where('process', '=', 'blur')
      .executeTakeFirstOrThrow();
    expect(process.status).toBe('succeeded');
  });
});
