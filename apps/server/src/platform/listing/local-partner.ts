import { createPartner, type Partner } from './partner.ts';
import type { ListingService } from './port.ts';

/**
 * The default listing service: the partner's logic in this process, no network (ARCHITECTURE.md: every outside
 * service has a default that needs none). A login id is enrolled with the password of its first sign-in and every
 * key finds a property, so a dealer can try the whole link on a fresh machine; its state lives as long as the
 * process (docs/decisions.md, "Listing link").
 */
export function createLocalListing(partner: Partner = createPartner({ autoEnrol: true })): ListingService {
  return {
    name: 'local',
    signIn: async (credentials) => partner.signIn(credentials),
    signOut: async (session) => partner.signOut(session),
    clientInfo: async (session) => partner.clientInfo(session),
    searchProperties: async (session, { key, keyType }) => partner.search(session, key, keyType),
    register: async (session, input) => partner.register(session, input),
    unregister: async (session, input) => partner.unregister(session, input),
    corporates: async (session) => partner.corporates(session),
    reportAggregate: async (session, { from, to }) => partner.report(session, from, to),
    adReport: async (session, { from, to }) => partner.ads(session, from, to),
    log: async (session, { since }) => partner.log(session, since),
  };
}
