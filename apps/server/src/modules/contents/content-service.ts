import {
  analyticsTagBlocked,
  applyPublicationAction,
  basicInfoCrossCheck,
  type ContentAnswer,
  type ContentCreateBody,
  type ContentsLimitAnswer,
  type ContentUpdateBody,
  canSeeContent,
  DEVELOPMENT_VIEW_PANELS,
  type DevelopmentViewSymbolsAnswer,
  type ExtendInfoBody,
  type InspectionData,
  inspectionData,
  type ListingLinkState,
  markSymbol,
  type Operation,
  parseFields,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import { type CallerContext, enforce, loadCaller } from '../actor/permission-actor.ts';
import type { Actor } from '../auth/service.ts';
import { contentsMovieUrlOf } from '../movies/contents-movie-url.ts';
import { contentLocks } from '../processes/locks.ts';
import { isUniqueViolation } from '../sql.ts';
import { toContentAnswer } from './answer.ts';
import { assertCanAddContents, contentsLimitOf } from './limits.ts';
import { type ContentChange, type ContentRecord, contentsRepo } from './repo.ts';

/**
 * Listing-link states under which a vehicle cannot be edited ("vehicles under listing-service linkage or waiting
 * cannot be edited"): waiting and linking (a link is being made from the vehicle as it is) and linked (the
 * listing shows it). `none` and `error` (the link failed; the dealer must be able to fix the vehicle) can be.
 */
export const UNEDITABLE_LISTING_LINKS: readonly ListingLinkState[] = ['waiting', 'linking', 'linked'];

const duplicateManagementId = () =>
  new AppError('duplicate_vehicle_id', {
    fields: [fieldError('management_id', 'unique', 'This management ID is already used by another vehicle.')],
  });

/** The one-switch calls and the columns they set. */
export const CONTENT_FLAGS = {
  defect_display: 'defect_display',
  development_view_display: 'development_view_display',
  inspection_data_display: 'inspection_data_display',
} as const;
export type ContentFlag = keyof typeof CONTENT_FLAGS;

/**
 * A vehicle the caller may see, locked for the rest of the transaction; `not_found` for one they cannot see, of
 * another tenant, or deleted for good (the three are indistinguishable on purpose).
 */
export async function lockVisible(trx: Db, caller: CallerContext, id: string): Promise<ContentRecord> {
  const [row] = await contentsRepo(trx).lock([id]);
  return visibleOrNotFound(caller, row);
}

/** The same, refused while the vehicle is deleted (restored first): what a switch of a live vehicle starts from. */
export async function lockVisibleUndeleted(trx: Db, caller: CallerContext, id: string): Promise<ContentRecord> {
  const row = await lockVisible(trx, caller, id);
  if (row.publication === 'deleted') {
    throw new AppError('invalid_state_transition', { params: { reason: 'restore_first', from: row.publication } });
  }
  return row;
}

export function visibleOrNotFound(caller: CallerContext, row: ContentRecord | undefined): ContentRecord {
  if (!row || row.publication === 'permanently_deleted') throw new AppError('not_found');
  enforce(
    canSeeContent(caller.permission, {
      domainId: row.domain_id,
      ownerId: row.owner_user_id,
      ownerParentId: row.owner_parent_id,
    }),
  );
  return row;
}

/**
 * What every edit of a vehicle's record checks (after visibility): a deleted vehicle is restored first; a vehicle
 * under a listing link cannot be edited; no running process may lock `operation` (CONTENT.UPDATE for the record).
 */
export async function assertEditable(
  trx: Db,
  row: ContentRecord,
  operation: Operation = 'CONTENT.UPDATE',
): Promise<void> {
  if (row.publication === 'deleted') {
    throw new AppError('invalid_state_transition', { params: { reason: 'restore_first' } });
  }
  if (UNEDITABLE_LISTING_LINKS.includes(row.listing_link)) {
    throw new AppError('content_linked', { params: { listing_link: row.listing_link } });
  }
  await contentLocks(trx).assertUnlocked(row.id, operation);
}

/** The vehicle as answered after a change, read in the same transaction. */
export async function answerOf(db: Db, id: string): Promise<ContentAnswer> {
  const repo = contentsRepo(db);
  const row = await repo.find(id);
  if (!row) throw new AppError('not_found');
  return toContentAnswer(row, await repo.runningProcesses([id]), await contentsMovieUrlOf(db, id));
}

/** The record's columns from a create or update body (the limited password only when one was typed). */
function columnsOf(body: ContentCreateBody): ContentChange & { management_id: string } {
  const { limited_password, basic_info_shown, ...rest } = body;
  return {
    ...rest,
    basic_info_shown: JSON.stringify(basic_info_shown),
    ...(limited_password !== '' ? { limited_password } : {}),
  };
}

/** Turning the limited publication on needs a password, typed now or stored before. */
function assertLimitedPassword(body: ContentCreateBody, stored: string): void {
  if (body.limited_password_enabled && body.limited_password === '' && stored === '') {
    throw new AppError('validation_failed', {
      fields: [fieldError('limited_password', 'required', 'Enter the password to turn limited publication on.')],
    });
  }
}

function mapDuplicate(error: unknown): never {
  if (isUniqueViolation(error, 'contents_management_id_key')) throw duplicateManagementId();
  throw error;
}

/** The refusal of a tag the domain's option does not allow, on the field the caller sent (`field`). */
export function analyticsTagRefusal(
  caller: CallerContext,
  stored: { enabled: boolean; tag: string } | null,
  next: { enabled: boolean; tag: string },
  field: string,
): AppError | null {
  if (!analyticsTagBlocked(caller.domainOptions.analytics_tag, stored, next)) return null;
  return new AppError('validation_failed', {
    fields: [fieldError(field, 'requires', "The domain's analytics tag option is off: ask your administrator.")],
  });
}

/** The analytics tag of a whole record under `/analytics_settings`'s rule (analytics-service.ts). */
function assertAnalyticsTag(
  caller: CallerContext,
  stored: { enabled: boolean; tag: string } | null,
  body: Pick<ContentCreateBody, 'analytics_tag_enabled' | 'analytics_tag'>,
): void {
  const next = { enabled: body.analytics_tag_enabled, tag: body.analytics_tag };
  const refusal = analyticsTagRefusal(caller, stored, next, 'analytics_tag_enabled');
  if (refusal) throw refusal;
}

/** Vehicle create, read, update, the one-switch calls and the inspector's input. */
export function contentService(deps: { db: Db }) {
  const { db } = deps;

  /** Runs an edit of one vehicle's record: visible, editable, then `change` in the same transaction. */
  async function edit(
    actor: Actor,
    id: string,
    change: (trx: Db, row: ContentRecord, caller: CallerContext) => Promise<void>,
  ) {
    const caller = await loadCaller(db, actor);
    return db
      .transaction()
      .execute(async (trx) => {
        const row = await lockVisible(trx, caller, id);
        await assertEditable(trx, row);
        await change(trx, row, caller);
        return answerOf(trx, id);
      })
      .catch(mapDuplicate);
  }

  return {
    /** A new vehicle owned by the caller, in their domain and company, within their limits. */
    async create(actor: Actor, body: ContentCreateBody): Promise<ContentAnswer> {
      const caller = await loadCaller(db, actor);
      assertLimitedPassword(body, '');
      assertAnalyticsTag(caller, null, body);
      return db
        .transaction()
        .execute(async (trx) => {
          const repo = contentsRepo(trx);
          await assertCanAddContents(trx, actor.userId);
          if (await repo.managementIdTaken(caller.permission.domainId, body.management_id)) {
            throw duplicateManagementId();
          }
          const id = await repo.insert({
            ...columnsOf(body),
            domain_id: caller.permission.domainId,
            company_id: caller.permission.companyId,
            owner_user_id: actor.userId,
            creator_user_id: actor.userId,
            publication: 'unpublished',
          });
          return answerOf(trx, id);
        })
        .catch(mapDuplicate);
    },

    /** `GET /check_contents_limit`: the caller's own limits. */
    limit(actor: Actor): Promise<ContentsLimitAnswer> {
      return db.transaction().execute((trx) => contentsLimitOf(trx, actor.userId));
    },

    async get(actor: Actor, id: string): Promise<ContentAnswer> {
      const caller = await loadCaller(db, actor);
      const repo = contentsRepo(db);
      const row = visibleOrNotFound(caller, await repo.find(id));
      return toContentAnswer(row, await repo.runningProcesses([id]), await contentsMovieUrlOf(db, id));
    },

    /**
     * The whole record. The limited password sent empty keeps the stored one; turning limited publication on or
     * off moves a published vehicle between published and limited public.
     */
    update(actor: Actor, id: string, body: ContentUpdateBody): Promise<ContentAnswer> {
      return edit(actor, id, async (trx, row, caller) => {
        const repo = contentsRepo(trx);
        assertLimitedPassword(body, row.limited_password);
        assertAnalyticsTag(caller, { enabled: row.analytics_tag_enabled, tag: row.analytics_tag }, body);
        if (await repo.managementIdTaken(row.domain_id, body.management_id, id)) throw duplicateManagementId();
        const values = columnsOf(body);
        const isPublic = row.publication === 'published' || row.publication === 'limited_public';
        if (isPublic) {
          const moved = applyPublicationAction(
            row.publication,
            body.limited_password_enabled ? 'publish_limited' : 'publish',
          );
          if (moved.ok) values.publication = moved.to;
        }
        await repo.update(id, values);
      });
    },

    /**
     * `POST /contents/extendinfo`: the basic info fields sent and, when sent, which of it buyers see; a field not
     * sent keeps its value (a form that edits one field must not blank the others).
     */
    extendInfo(actor: Actor, body: ExtendInfoBody): Promise<ContentAnswer> {
      const { id, basic_info_shown, ...sent } = body;
      const changes = Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== undefined)) as typeof sent;
      return edit(actor, id, async (trx, row) => {
        const stored = {
          first_registration_year: row.first_registration_year,
          first_registration_month: row.first_registration_month,
          price_with_tax: row.price_with_tax === null ? null : Number(row.price_with_tax),
          total_price_with_tax: row.total_price_with_tax === null ? null : Number(row.total_price_with_tax),
        };
        const after = parseFields(basicInfoCrossCheck, { ...stored, ...changes });
        if (!after.ok) throw new AppError('validation_failed', { fields: after.fields });
        const shown = basic_info_shown === undefined ? {} : { basic_info_shown: JSON.stringify(basic_info_shown) };
        if (Object.keys(changes).length > 0 || basic_info_shown !== undefined) {
          await contentsRepo(trx).update(id, { ...changes, ...shown });
        }
      });
    },

    setFlag(actor: Actor, id: string, flag: ContentFlag, display: boolean): Promise<ContentAnswer> {
      return edit(actor, id, (trx) => contentsRepo(trx).update(id, { [CONTENT_FLAGS[flag]]: display }));
    },

    setDevelopmentViewPosition(actor: Actor, id: string, position: 'inside' | 'outside'): Promise<ContentAnswer> {
      return edit(actor, id, (trx) => contentsRepo(trx).update(id, { development_view_position: position }));
    },

    /** `POST /contents/cs-car-inspection`: the inspector's marks, name, date and comment, replaced whole. */
    saveInspection(actor: Actor, id: string, data: InspectionData): Promise<ContentAnswer> {
      return edit(actor, id, (trx) => contentsRepo(trx).update(id, { inspection: JSON.stringify(data) }));
    },

    /** Panel number (1-based) to the symbols the damage map prints on it. */
    async developmentViewSymbols(actor: Actor, id: string): Promise<DevelopmentViewSymbolsAnswer> {
      const caller = await loadCaller(db, actor);
      const row = visibleOrNotFound(caller, await contentsRepo(db).find(id));
      const parsed = inspectionData.safeParse(row.inspection ?? {});
      const symbols: Record<string, string> = {};
      for (const mark of parsed.success ? parsed.data.marks : []) {
        const key = String(DEVELOPMENT_VIEW_PANELS.indexOf(mark.panel) + 1);
        symbols[key] = symbols[key] === undefined ? markSymbol(mark) : `${symbols[key]} ${markSymbol(mark)}`;
      }
      return { symbols };
    },
  };
}
export type ContentService = ReturnType<typeof contentService>;
