import type { Db } from '../../db/database.ts';
import type { NotifyHub } from '../../platform/realtime/notify-hub.ts';
import { recentlyUsed } from '../../platform/recently-used.ts';
import { publicationsRepo, type ViewerRow } from './repo.ts';

/** NOTIFYed by the database on every change of what a viewer row is made of (migration 0027_viewer_rows_notify). */
export const VIEWER_ROWS_CHANNEL = 'spinyard_viewer_rows';

// Short ids (by host) kept: far more vehicles than buyers look at in the same minutes.
const KEPT = 4096;

export interface ViewerRows {
  /** A short id's viewer row as publicationsRepo.viewerRow reads it, never older than the call. */
  read(shortId: string, tenantHost: string | null): Promise<ViewerRow | undefined>;
  /** Stops listening (the app's close). */
  close(): void;
}

/**
 * The viewer rows many buyers ask for at once, kept in memory so a page costs no query (bench/viewer-load.ts):
 * without a LISTEN connection (tests of one app), every read is a query. Kept rows are forgotten at every change
 * the database NOTIFYs, and a row is answered only after the hub has dispatched every notification committed
 * before the request came (`caughtUp`), and only if it was read on the connection that still listens: so what an
 * unpublish, a deletion, a new password, a domain's new host or design changed is never served again once the
 * change is committed, on any node. A row read while a change was heard is not kept (it may predate the change).
 */
export function viewerRows(db: Db, hub: NotifyHub | undefined): ViewerRows {
  const repo = publicationsRepo(db);
  if (!hub) return { read: (shortId, host) => repo.viewerRow(shortId, host), close: () => undefined };
  let kept = recentlyUsed<string, { row: ViewerRow; connection: number }>(KEPT);
  let changes = 0;
  const stop = hub.subscribe(VIEWER_ROWS_CHANNEL, () => {
    changes++;
    kept = recentlyUsed(KEPT);
  });
  return {
    async read(shortId, host) {
      const connection = await hub.caughtUp();
      if (connection === undefined) return repo.viewerRow(shortId, host);
      const key = `${host ?? ''} ${shortId}`;
      const known = kept.get(key);
      if (known?.connection === connection) return known.row;
      const before = changes;
      const row = await repo.viewerRow(shortId, host);
      if (row && changes === before) kept.set(key, { row, connection });
      return row;
    },
    close: stop,
  };
}
