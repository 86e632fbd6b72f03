import { createHttpListing, type HttpListingSettings } from './http.ts';
import { createLocalListing } from './local-partner.ts';
import type { ListingService } from './port.ts';

/** Which listing partner this server links to (config.ts reads SPINYARD_LISTING, _URL, _TIMEOUT_MS). */
export type ListingSettings = { partner: 'local' } | ({ partner: 'http' } & HttpListingSettings);

/** The adapter the configuration names: the local partner by default, the partner's HTTP API when set. */
export function createListingService(settings: ListingSettings): ListingService {
  return settings.partner === 'http' ? createHttpListing(settings) : createLocalListing();
}
