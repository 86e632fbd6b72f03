import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.ts';
import * as m0002 from './0002_accounts_and_tenancy.ts';
import * as m0003 from './0003_auth_paths.ts';
import * as m0005 from './0005_users.ts';
import * as m0006 from './0006_two_step_forced.ts';
import * as m0007 from './0007_service_ends_at.ts';
import * as m0008 from './0008_list_sort_indexes.ts';
import * as m0009 from './0009_vehicles.ts';
import * as m0010 from './0010_contents_list.ts';
import * as m0011 from './0011_uploads.ts';
import * as m0012 from './0012_media.ts';
import * as m0014 from './0014_hotspots.ts';
import * as m0015 from './0015_statistics.ts';
import * as m0016 from './0016_publishing.ts';
import * as m0017 from './0017_custom_designs.ts';
import * as m0018 from './0018_media_secrets.ts';
import * as m0019 from './0019_upload_hash.ts';
import * as m0020 from './0020_billing.ts';
import * as m0021 from './0021_local_gateway.ts';
import * as m0022 from './0022_legal.ts';
import * as m0023 from './0023_content_videos.ts';
import * as m0027 from './0027_viewer_rows_notify.ts';
import * as m0028 from './0028_billing_cancel_notice.ts';
import * as m0029 from './0029_meetings_web_negotiation.ts';
import * as m0030 from './0030_moviedetail_video_site_source.ts';
import * as m0031 from './0031_listing_links.ts';
import * as m0032 from './0032_partner_reporting.ts';
import * as m0033 from './0033_meeting_links_sealed.ts';
import * as m0034 from './0034_autojoin_listing_events_content.ts';
import * as m0035 from './0035_annotate_hotspot_proposals.ts';

/** Every migration in order. Imported statically so the server runs the same from source and from a bundle. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_accounts_and_tenancy': m0002,
  '0003_auth_paths': m0003,
  '0005_users': m0005,
  '0006_two_step_forced': m0006,
  '0007_service_ends_at': m0007,
  '0008_list_sort_indexes': m0008,
  '0009_vehicles': m0009,
  '0010_contents_list': m0010,
  '0011_uploads': m0011,
  '0012_media': m0012,
  '0014_hotspots': m0014,
  '0015_statistics': m0015,
  '0016_publishing': m0016,
  '0017_custom_designs': m0017,
  '0018_media_secrets': m0018,
  '0019_upload_hash': m0019,
  '0020_billing': m0020,
  '0021_local_gateway': m0021,
  '0022_legal': m0022,
  '0023_content_videos': m0023,
  '0027_viewer_rows_notify': m0027,
  '0028_billing_cancel_notice': m0028,
  '0029_meetings_web_negotiation': m0029,
  '0030_moviedetail_video_site_source': m0030,
  '0031_listing_links': m0031,
  '0032_partner_reporting': m0032,
  '0033_meeting_links_sealed': m0033,
  '0034_autojoin_listing_events_content': m0034,
  '0035_annotate_hotspot_proposals': m0035,
};
