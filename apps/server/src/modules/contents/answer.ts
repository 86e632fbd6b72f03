import {
  BASIC_INFO_KEYS,
  type BasicInfoKey,
  type ContentAnswer,
  type ContentListItem,
  contentStyleOnHost,
  effectiveImageSystem,
  inspectionData,
  knownHostFlags,
  readDomainOptions,
} from '@spinyard/domain';
import { toProcessAnswers } from '../processes/answer.ts';
import { publicUrls } from '../publishing/urls.ts';
import { mediaUrlOf } from '../vehicle-media/media-urls.ts';
import type { ContentProcessRow, ContentRecord } from './repo.ts';

/**
 * Rows of the contents area into the content API's answers (schemas/contents.ts). Shared by the detail, the list,
 * the CSV and the process answers, so a field reads the same everywhere.
 */

const iso = (d: Date | string): string => (d instanceof Date ? d : new Date(d)).toISOString();
const isoOrNull = (d: Date | string | null): string | null => (d === null ? null : iso(d));
/** bigint columns come back from pg as strings; prices stay far below 2^53. */
const num = (v: string | number | null): number | null => (v === null ? null : Number(v));

/**
 * Where the media routes serve a stored thumbnail: a signed URL like every file of a vehicle (vehicle-media). The key
 * is content-addressed, so a new thumbnail is a new URL; the update time is no longer needed to bust caches.
 */
export function thumbnailUrl(key: string | null): string | null {
  return key === null ? null : mediaUrlOf(key);
}

/** Car or bike: a bike site's vehicles are bikes; elsewhere the owner's image-system setting, else the domain's. */
export function contentsStyleOf(
  row: Pick<ContentRecord, 'domain_options' | 'owner_image_system' | 'domain_host_flags'>,
): 'car' | 'bike' {
  const style = effectiveImageSystem(readDomainOptions(row.domain_options), row.owner_image_system).contents_style;
  return contentStyleOnHost(style, knownHostFlags(row.domain_host_flags));
}

const basicInfoKeys = new Set<string>(BASIC_INFO_KEYS);

/** What a list row needs of a vehicle (the list's own query selects these). */
export type ContentListRow = Pick<
  ContentRecord,
  | 'id'
  | 'management_id'
  | 'maker'
  | 'car_name'
  | 'body_color'
  | 'first_registration_year'
  | 'first_registration_month'
  | 'chassis_number'
  | 'listing_id'
  | 'owner_user_id'
  | 'owner_name'
  | 'publication'
  | 'vr_mode'
  | 'limited_password_enabled'
  | 'creator_user_id'
  | 'listing_link'
  | 'has_exterior'
  | 'has_interior'
  | 'has_rider_view'
  | 'has_category_images'
  | 'has_web_negotiation'
  | 'thumbnail_key'
  | 'created_at'
  | 'updated_at'
>;

export function toContentListItem(row: ContentListRow, processes: readonly ContentProcessRow[]): ContentListItem {
  return {
    id: row.id,
    management_id: row.management_id,
    maker: row.maker,
    car_name: row.car_name,
    body_color: row.body_color,
    first_registration_year: row.first_registration_year,
    first_registration_month: row.first_registration_month,
    chassis_number: row.chassis_number,
    listing_id: row.listing_id,
    owner: { id: row.owner_user_id, name: row.owner_name },
    creator_id: row.creator_user_id,
    publication: row.publication,
    vr_mode: row.vr_mode,
    limited_password_enabled: row.limited_password_enabled,
    listing_link: row.listing_link,
    has_exterior: row.has_exterior,
    has_interior: row.has_interior,
    has_rider_view: row.has_rider_view,
    has_category_images: row.has_category_images,
    has_web_negotiation: row.has_web_negotiation,
    thumbnail_url: thumbnailUrl(row.thumbnail_key),
    processes: toProcessAnswers(processes),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/**
 * The details the dealer enters that every answer and every copy carries as they are (the prices are not among
 * them: a column keeps them as text).
 */
export function vehicleDetails(row: ContentRecord) {
  return {
    handle: row.handle,
    engine_type: row.engine_type,
    inspection_period: row.inspection_period,
    displacement: row.displacement,
    mileage: row.mileage,
    repair_history: row.repair_history,
    assessment_score: row.assessment_score,
    phone: row.phone,
    mail: row.mail,
    store: row.store,
    bike_style: row.bike_style,
    parts_category: row.parts_category,
    statutory_inspection: row.statutory_inspection,
    vehicle_inspection: row.vehicle_inspection,
  };
}

/**
 * The whole vehicle, as `GET /contents/{id}` and every write answer it. The limited password never leaves.
 * `contentsMovieUrl`: its content video's URL (modules/movies), null without one.
 */
export function toContentAnswer(
  row: ContentRecord,
  processes: readonly ContentProcessRow[],
  contentsMovieUrl: string | null = null,
): ContentAnswer {
  const inspection = inspectionData.safeParse(row.inspection ?? {});
  const shown = Array.isArray(row.basic_info_shown) ? row.basic_info_shown : [];
  return {
    ...toContentListItem(row, processes),
    domain_id: row.domain_id,
    creator: { id: row.creator_user_id, name: row.creator_name },
    ...vehicleDetails(row),
    price_with_tax: num(row.price_with_tax),
    total_price_with_tax: num(row.total_price_with_tax),
    limited_password_set: row.limited_password !== '',
    analytics_tag_enabled: row.analytics_tag_enabled,
    analytics_tag: row.analytics_tag,
    option_display: row.option_display,
    development_view_display: row.development_view_display,
    development_view_position: row.development_view_position,
    inspection_data_display: row.inspection_data_display,
    defect_display: row.defect_display,
    basic_info_shown: shown.filter((k): k is BasicInfoKey => basicInfoKeys.has(k)),
    contents_style: contentsStyleOf(row),
    inspection: inspection.success ? inspection.data : inspectionData.parse({}),
    urls: {
      ...publicUrls({
        short_id: row.short_id,
        base_url: row.short_base_url,
        short_url_allowed: readDomainOptions(row.domain_options).short_url,
        has_exterior: row.has_exterior,
        has_interior: row.has_interior,
        has_rider_view: row.has_rider_view,
      }),
      contents_movie_url: contentsMovieUrl,
    },
    deleted_at: isoOrNull(row.deleted_at),
  };
}
