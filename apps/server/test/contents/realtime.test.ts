import { SOCKET_CLOSE } from '@spinyard/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processService } from '../../src/modules/processes/service.ts';
import { factory } from '../helpers/factory.ts';
import { openCluster, openSocket, signedInSocket } from './realtime-nodes.ts';

let cluster: Awaited<ReturnType<typeof openCluster>>;
beforeAll(async () => {
  cluster = await openCluster(2);
});
afterAll(async () => {
  await cluster?.close();
});

const nodeA = () => cluster.nodes[0]!;
const nodeB = () => cluster.nodes[1]!;

/** A tenant with an admin, a normal user under them (owning one vehicle), a colleague normal user and a super. */
async function dealer() {
  const make = factory(nodeA().db);
  const tenant = await make.tenant();
  const admin = await make.signedIn({ tenant, privilege_type: 'admin' });
  const owner = await make.signedIn({ tenant, privilege_type: 'normal', parent_user_id: admin.id });
  const colleague = await make.signedIn({ tenant, privilege_type: 'normal', parent_user_id: admin.id });
  const otherAdmin = await make.signedIn({ tenant, privilege_type: 'admin' });
  const sup = await make.signedIn({ tenant, privilege_type: 'super' });
  const [vehicleId] = await make.vehicles(owner);
  return { tenant, admin, owner, colleague, otherAdmin, sup, vehicleId: vehicleId! };
}

async function startBlur(contentId: string) {
  const [row] = await processService(nodeA().db).start([{ contentId, process: 'blur', actorUserId: null }]);
  return row!;
}

describe('live progress over WebSocket, fanned out through LISTEN/NOTIFY', () => {
  it('brings a change made through node A to a socket on node B: queued, progress, succeeded', async () => {
    const d = await dealer();
    const socket = await signedInSocket(nodeB().url, d.owner.contentToken);
    const row = await startBlur(d.vehicleId);
    const queued = await socket.next((m) => m.type === 'process' && m.process.id === row.id);
    expect(queued).toMatchObject({
      content_id: d.vehicleId,
      process: { process: 'blur', status: 'queued', progress: 0 },
    });

    await processService(nodeA().db).progress(row.id, 42);
    await socket.next((m) => m.type === 'process' && m.process.progress === 42 && m.process.status === 'running');
    await processService(nodeA().db).succeed(row.id);
    const done = await socket.next((m) => m.type === 'process' && m.process.status === 'succeeded');
    expect(done).toMatchObject({ process: { progress: 100, finished_at: expect.any(String) } });
    socket.close();
  });

  it('sends each change only to the sockets whose caller may see the vehicle', async () => {
    const d = await dealer();
    const stranger = await dealer();
    const make = factory(nodeA().db);
    const [colleagueCar] = await make.vehicles(d.colleague);
    const [otherAdminCar] = await make.vehicles(d.otherAdmin);
    const sees = [d.owner, d.admin, d.sup];
    // Each blind caller with a vehicle of their own: its later change proves the earlier one had its chance.
    const blind = [
      { user: d.colleague, own: colleagueCar! },
      { user: d.otherAdmin, own: otherAdminCar! },
      { user: stranger.owner, own: stranger.vehicleId },
      { user: stranger.admin, own: stranger.vehicleId },
      { user: stranger.sup, own: stranger.vehicleId },
    ];
    const watching = await Promise.all(sees.map((u) => signedInSocket(nodeB().url, u.contentToken)));
    const notWatching = await Promise.all(blind.map((b) => signedInSocket(nodeA().url, b.user.contentToken)));
    const row = await startBlur(d.vehicleId);
    await processService(nodeA().db).succeed(row.id);
    for (const s of watching) await s.next((m) => m.type === 'process' && m.process.status === 'succeeded');
    const later = new Map<string, string>();
    for (const own of new Set(blind.map((b) => b.own))) later.set(own, (await startBlur(own)).id);
    for (const [i, s] of notWatching.entries()) {
      const laterId = later.get(blind[i]!.own);
      await s.next((m) => m.type === 'process' && m.process.id === laterId);
      expect(s.messages.filter((m) => m.type === 'process' && m.content_id === d.vehicleId)).toEqual([]);
    }
    for (const s of [...watching, ...notWatching]) s.close();
  });

  it('never tells of a change that was rolled back', async () => {
    const d = await dealer();
    const socket = await signedInSocket(nodeB().url, d.owner.contentToken);
    await expect(
      nodeA()
        .db.transaction()
        .execute(async (trx) => {
          await processService(trx).start([{ contentId: d.vehicleId, process: 'copy', actorUserId: null }]);
          throw new Error('the use case refused');
        }),
    ).rejects.toThrow('the use case refused');
    const later = await startBlur(d.vehicleId);
    await socket.next((m) => m.type === 'process' && m.process.id === later.id);
    expect(socket.messages.filter((m) => m.type === 'process' && m.process.process === 'copy')).toEqual([]);
    socket.close();
  });

  it('refuses a socket whose first message is not a live content token', async () => {
    const d = await dealer();
    const cases: unknown[] = [
      'not json',
      { type: 'auth', token: 'no-such-token' },
      { type: 'auth', token: d.owner.token }, // the access token is not the content token
      { type: 'hello' },
    ];
    for (const first of cases) {
      const socket = await openSocket(nodeA().url, first);
      expect((await socket.closed).code).toBe(SOCKET_CLOSE.notAuthenticated);
      expect(socket.messages).toEqual([]);
    }
  });

  it('listens again after its database connection was cut, on every node', async () => {
    const d = await dealer();
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'spinyard-realtime' and datname = current_database()`.execute(
      nodeA().db,
    );
    // Both hubs lost their connection; each reopens it and LISTENs again.
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_stat_activity where application_name = 'spinyard-realtime' and datname = current_database() and query ilike 'LISTEN%'`.execute(
        nodeA().db,
      );
      if (rows[0]!.n >= 2) break;
      if (Date.now() > deadline) throw new Error('The realtime connections did not come back');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const onA = await signedInSocket(nodeA().url, d.owner.contentToken);
    const onB = await signedInSocket(nodeB().url, d.owner.contentToken);
    const row = await startBlur(d.vehicleId);
    await onA.next((m) => m.type === 'process' && m.process.id === row.id);
    await onB.next((m) => m.type === 'process' && m.process.id === row.id);
    onA.close();
    onB.close();
  });
});
