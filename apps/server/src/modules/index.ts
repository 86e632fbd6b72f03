import { accountsModule } from './accounts/index.ts';
import { audioLibraryModule } from './audio-library/index.ts';
import { authModule } from './auth/index.ts';
import { billingModule } from './billing/index.ts';
import { contactModule } from './contact/index.ts';
import { contentsModule } from './contents/index.ts';
import type { AppModule } from './context.ts';
import { designModule } from './design/index.ts';
import { exteriorModule } from './exterior/index.ts';
import { hotspotsModule } from './hotspots/index.ts';
import { interiorModule } from './interior/index.ts';
import { invoicesModule } from './invoices/index.ts';
import { legalModule } from './legal/index.ts';
import { listingModule } from './listing/index.ts';
import { meetingCallModule } from './meeting-call/index.ts';
import { movieMailModule } from './movie-mail/index.ts';
import { moviesModule } from './movies/index.ts';
import { plansModule } from './plans/index.ts';
import { processesModule } from './processes/index.ts';
import { profileModule } from './profile/index.ts';
import { publishingModule } from './publishing/index.ts';
import { sliderModule } from './slider/index.ts';
import { speechModule } from './speech/index.ts';
import { statisticsModule } from './statistics/index.ts';
import { tenancyModule } from './tenancy/index.ts';
import { uploadsModule } from './uploads/index.ts';
import { usersModule } from './users/index.ts';
import { videoSharingModule } from './video-sharing/index.ts';
import { webNegotiationModule } from './web-negotiation/index.ts';

/** Every area module, in registration order. */
export const MODULES: readonly AppModule[] = [
  authModule,
  tenancyModule,
  accountsModule,
  profileModule,
  usersModule,
  contentsModule,
  processesModule,
  uploadsModule,
  exteriorModule,
  interiorModule,
  sliderModule,
  publishingModule,
  statisticsModule,
  hotspotsModule,
  speechModule,
  designModule,
  plansModule,
  billingModule,
  invoicesModule,
  legalModule,
  contactModule,
  audioLibraryModule,
  videoSharingModule,
  listingModule,
  // Content videos (issue 20): the promo, spin and interior movies.
  moviesModule,
  // Web negotiation (issue 21): meetings, invitations, links.
  webNegotiationModule,
  // Web negotiation (issue 21): the call's signaling.
  meetingCallModule,
  // Movie mail (issue 20): the promo's link mailed to buyers, and the mail history.
  movieMailModule,
];
