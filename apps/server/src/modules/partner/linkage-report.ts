import { isLinkError, LINK_ERROR_MESSAGES, LINKAGE_REPORT_HEADER, type ReportingLink } from '@spinyard/domain';
import type { LinkHistory, linkageRepo } from './linkage-repo.ts';

type LinkageRow = Awaited<ReturnType<ReturnType<typeof linkageRepo>['rows']>>[number];

const isoOrNull = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

/**
 * One vehicle of the linkage report from its row and its link history. The last failure's message is the English
 * meaning of the error state it left (as every API's user_message is English; the console translates the state).
 */
export function linkageItem(row: LinkageRow, history: LinkHistory | undefined): ReportingLink {
  const errorState = history?.error_state ?? null;
  return {
    content_id: row.id,
    management_id: row.management_id,
    listing_id: row.listing_id,
    chassis_number: row.chassis_number,
    listing_link: row.listing_link,
    updated_at: new Date(row.updated_at).toISOString(),
    link_state: row.link_state ?? null,
    link_method: row.link_method ?? null,
    link_key: row.link_key ?? null,
    property_code: row.property_code ?? null,
    error_code: history?.error_code ?? null,
    error_message: errorState && isLinkError(errorState) ? LINK_ERROR_MESSAGES[errorState] : null,
    error_at: isoOrNull(history?.error_at),
    linked_at: isoOrNull(row.linked_at),
    unlinked_at: isoOrNull(history?.unlinked_at),
  };
}

/** A page of rows with their histories read in one query. */
export async function linkageItems(
  repo: ReturnType<typeof linkageRepo>,
  rows: readonly LinkageRow[],
): Promise<ReportingLink[]> {
  const histories = new Map((await repo.histories(rows.map((r) => r.id))).map((h) => [h.content_id, h]));
  return rows.map((r) => linkageItem(r, histories.get(r.id)));
}

/** The CSV cells of one item, in the header's order (csvStream neutralises formulas). */
export const linkageCells = (item: ReportingLink): string[] => LINKAGE_REPORT_HEADER.map((k) => item[k] ?? '');

export const linkageFileName = (month: string | undefined) => `linkage_report_${month ?? 'all'}.csv`;
