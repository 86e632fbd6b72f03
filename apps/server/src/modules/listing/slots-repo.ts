import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** The advisory-lock space of the partner's call slots (any fixed number no other lock uses). */
const SLOT_SPACE = 22_022;

/**
 * At most `count` partner calls at once across every node (the partner's rate limit, SPINYARD_LISTING_PARALLEL): a
 * call holds one of `count` transaction advisory locks while it runs. A node finding every slot taken waits a
 * moment and looks again; a node that dies frees its slots with its connections.
 */
export async function withPartnerSlot<T>(db: Db, count: number, call: () => Promise<T>): Promise<T> {
  for (let round = 0; ; round += 1) {
    const held = await db.transaction().execute(async (trx) => {
      // Start at a random slot, so waiting nodes do not all knock at slot 0 first.
      const first = Math.floor(Math.random() * count);
      for (let i = 0; i < count; i += 1) {
        const slot = (first + i) % count;
        const { rows } = await sql<{
          ok: boolean;
        }>`SELECT pg_try_advisory_xact_lock(${SLOT_SPACE}, ${slot}) AS ok`.execute(trx);
        if (rows[0]?.ok) return { value: await call() };
      }
      return null;
    });
    if (held) return held.value;
    await new Promise((resolve) => setTimeout(resolve, Math.min(200, 10 + round * 10) * (0.5 + Math.random())));
  }
}
