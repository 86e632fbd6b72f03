import {
  type ContentListBody,
  type ContentListItem,
  csvPeriodWithinLimit,
  LISTED_PUBLICATION_STATES,
  type PageOf,
  type PermissionActor,
  type PublicationState,
  periodInstantOf,
  pickedDates,
  reachOf,
  splitKeywords,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import { loadCaller } from '../actor/permission-actor.ts';
import type { Actor } from '../auth/service.ts';
import { toContentListItem } from './answer.ts';
import { contentCsvStream } from './csv-download.ts';
import { type ContentListFilter, type ContentScope, contentListRepo } from './list-repo.ts';
import { type ContentProcessRow, contentsRepo } from './repo.ts';

/** What the list shows when no state is asked for: everything but sleeping and deleted vehicles. */
const LISTED_BY_DEFAULT: readonly PublicationState[] = ['published', 'limited_public', 'unpublished'];

/** Rows the CSV download reads per query. */
const CSV_BATCH = 1000;

/** The vehicles a caller sees (canSeeContent as a scope): master all, super the tenant, admin the team, normal own. */
export function contentScopeOf(actor: PermissionActor): ContentScope {
  return reachOf(actor);
}

/**
 * Which states a query lists: one state by `publish`; sleeping ones only with `sleeped_contents=1` (and hidden
 * with 0 or absent); deleted ones (the trash) only by `publish=deleted`. A contradiction lists nothing.
 */
export function listedStates(q: Pick<ContentListBody, 'publish' | 'sleeped_contents'>): PublicationState[] {
  let states: PublicationState[] = q.publish
    ? [q.publish]
    : q.sleeped_contents === true
      ? ['sleeping']
      : [...LISTED_BY_DEFAULT];
  if (q.sleeped_contents === true) states = states.filter((s) => s === 'sleeping');
  if (q.sleeped_contents !== true && q.publish !== 'sleeping') states = states.filter((s) => s !== 'sleeping');
  return states.filter((s) => (LISTED_PUBLICATION_STATES as readonly string[]).includes(s));
}

function filterOf(actor: PermissionActor, q: ContentListBody): ContentListFilter {
  return {
    scope: contentScopeOf(actor),
    states: listedStates(q),
    keywords: splitKeywords(q.search ?? ''),
    has_exterior: q.has_exterior,
    has_interior: q.has_interior,
    has_rider_view: q.has_rider_view,
    has_category_images: q.has_category_images,
    has_web_negotiation: q.web_negotiation_group,
    listing_link: q.cs,
    maker: q.manufacturer,
    body_color: q.body_color,
    first_registration_year: q.first_registration,
    repair_history: q.repair,
    owner_user_id: q.user_id,
    period:
      q.period && q.start_at && q.end_at
        ? {
            column: q.period === 'created' ? 'created_at' : 'updated_at',
            from: periodInstantOf(q.start_at),
            until: periodInstantOf(q.end_at),
          }
        : undefined,
  };
}

/** The vehicle list (`GET /contents`, `POST /contents/list`) and its CSV download (`create_csv=1`). */
export function contentListService(db: Db) {
  const list = contentListRepo(db);
  const contents = contentsRepo(db);

  return {
    async list(actor: Actor, q: ContentListBody): Promise<PageOf<ContentListItem>> {
      const caller = await loadCaller(db, actor);
      const filter = filterOf(caller.permission, q);
      const frame = { page: q.page, limit: q.limit };
      if (filter.states.length === 0) return { items: [], total: 0, ...frame };
      const selected = await list.select(filter);
      // The total and the page on two connections at once; the page's running processes in one query, not one
      // per row.
      const [total, page] = await Promise.all([
        selected.count(),
        selected.rows(q.sort_by, { limit: q.limit, offset: (q.page - 1) * q.limit }).then(async (rows) => ({
          rows,
          processes: await contents.runningProcesses(rows.map((r) => r.id)),
        })),
      ]);
      const byContent = new Map<string, ContentProcessRow[]>();
      for (const p of page.processes) byContent.set(p.content_id, [...(byContent.get(p.content_id) ?? []), p]);
      return { items: page.rows.map((r) => toContentListItem(r, byContent.get(r.id) ?? [])), total, ...frame };
    },

    /**
     * The list as a CSV file: the period is required and at most one month (csv_period_too_long on `end_at`);
     * refused before anything is written, then streamed a batch at a time.
     */
    async csv(actor: Actor, q: ContentListBody) {
      if (!q.period || !q.start_at || !q.end_at) {
        const missing = !q.period ? 'period' : !q.start_at ? 'start_at' : 'end_at';
        throw new AppError('validation_failed', {
          fields: [fieldError(missing, 'required', 'Choose the period of the CSV download.')],
        });
      }
      if (!csvPeriodWithinLimit(q.start_at, q.end_at)) {
        throw new AppError('csv_period_too_long', {
          fields: [fieldError('end_at', 'range', 'The CSV download period must be one month or shorter.')],
        });
      }
      const caller = await loadCaller(db, actor);
      const filter = filterOf(caller.permission, q);
      const picked = pickedDates({ start_at: q.start_at, end_at: q.end_at });
      const fileName = `contents_${picked?.start ?? ''}_${picked?.end ?? ''}.csv`.replaceAll('-', '');
      const batches = filter.states.length === 0 ? emptyBatches() : list.batches(filter, q.sort_by, CSV_BATCH);
      return { fileName, stream: contentCsvStream(batches) };
    },
  };
}
export type ContentListService = ReturnType<typeof contentListService>;

async function* emptyBatches(): AsyncGenerator<never[]> {}
