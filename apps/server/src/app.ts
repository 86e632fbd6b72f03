import { tmpdir } from 'node:os';
import path from 'node:path';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from './db/database.ts';
import { requireToken } from './http/authenticate.ts';
import { registerConsole } from './http/console-static.ts';
import {
  clientErrorHandler,
  frameworkErrors,
  refuseWhileClosing,
  registerErrorHandling,
} from './http/error-handler.ts';
import { refuseNulCharacters } from './http/input-guard.ts';
import { fieldRuleValidator } from './http/validation.ts';
import { authRepo } from './modules/auth/repo.ts';
import { authService } from './modules/auth/service.ts';
import type { ModuleContext } from './modules/context.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { MODULES } from './modules/index.ts';
import { DEFAULT_INVOICE_ISSUER, type InvoiceIssuer } from './modules/invoices/issue.ts';
import { registerCallPage } from './modules/meeting-call/page.ts';
import { republishWhenHidden } from './modules/publishing/hide-hook.ts';
import { GRANT_PARAM, limitedMediaGrant } from './modules/publishing/media-grant.ts';
import { refuseHiddenScreens } from './modules/tenancy/host-guard.ts';
import { loadMediaKeys, vehicleMediaAccess } from './modules/vehicle-media/media-urls.ts';
import { registerViewerPage } from './modules/viewer-page/routes.ts';
import { type Clock, systemClock } from './platform/clock/clock.ts';
import type { JobRunner } from './platform/jobs/queue-registry.ts';
import { createMailQueue } from './platform/mail/mail-outbox-queue.ts';
import type { Mailer } from './platform/mail/mailer.ts';
import { createMedia, type Media } from './platform/media/index.ts';
import type { PaymentGateway } from './platform/payments/gateway.ts';
import { localChallengeRoutes } from './platform/payments/local-3ds-routes.ts';
import { createLocalGateway } from './platform/payments/local-gateway.ts';
import type { NotifyHub } from './platform/realtime/notify-hub.ts';
import type { SmsSender } from './platform/sms/sms-sender.ts';
import type { BlobStore } from './platform/storage/blob-store.ts';
import { mediaRoutes } from './platform/storage/media-routes.ts';

/** Base path of the content API, which takes the content token (second document, section 7). */
export const CONTENT_API_PREFIX = '/api/browser/v0';

/** The module context's settings the app hands on untouched: each is described, with its default, there. */
type PassedToModules =
  | 'operatorEmail'
  | 'meetingDocuments'
  | 'videoSharing'
  | 'videoSharingRedirectUrl'
  | 'listing'
  | 'listingParallel'
  | 'meetingRooms'
  | 'meetingMedia'
  | 'callHostReturnSeconds';

export interface AppDeps extends Pick<ModuleContext, PassedToModules> {
  db: Db;
  store: BlobStore;
  mailer: Mailer;
  /** Image and video work; the default adapter (sharp) when not given. */
  media?: Media;
  /** Text messages (two-step codes); absent means nothing is sent by SMS. */
  sms?: SmsSender | undefined;
  /** Absent in tests that enqueue nothing. */
  jobs?: JobRunner;
  /** The node's LISTEN connection for live progress; absent, the sockets are not offered (most tests). */
  realtime?: NotifyHub | undefined;
  accessTokenTtlHours: number;
  publicUrl?: string | undefined;
  productHost?: string;
  consoleDist?: string | undefined;
  /** The built viewer (apps/viewer/dist): its index.html is the page of every short URL. */
  viewerDist?: string | undefined;
  /** Where resumable uploads keep their bytes until checked; the system's temp folder when not given. */
  uploadDir?: string | undefined;
  /**
   * The database's URL, for the uploads' locks (one session of their own per node: PostgreSQL advisory locks, so
   * two nodes never write one upload at once). Absent, tus keeps its locks in memory (tests of one node).
   */
  databaseUrl?: string | undefined;
  /** Put each finished upload into the blob store too, for workers on other machines (on with S3 storage). */
  keepUploadsInStore?: boolean;
  trustProxy?: boolean;
  logLevel?: string;
  /** The billing calendar's time; the system clock when not given (tests pass a controlled one). */
  clock?: Clock;
  /** Card payments; see ModuleContext.payments. */
  payments?: PaymentGateway;
  /** Printed on every invoice issued; the defaults of config.ts when not given (tests). */
  invoiceIssuer?: InvoiceIssuer;
}

/**
 * Builds the HTTP application in three tiers (fastify/demo): framework plugins, then services over their
 * repositories, then routes. Tests build it against a test database and call `inject`.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logLevel === 'silent' || !deps.logLevel ? false : { level: deps.logLevel },
    trustProxy: deps.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    // A bulk transfer names its vehicles in the path (`/contents/transfer/{ids}/{user}`): up to 300 bigint ids.
    routerOptions: { maxParamLength: 8000 },
    // Ids in logs tie a request to its error without echoing tokens.
    requestIdHeader: false,
    // Router and HTTP-parser refusals answer in the product's error shape too.
    frameworkErrors,
    clientErrorHandler,
    // Fastify's own refusal while closing is not in the error shape: refuseWhileClosing answers instead.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(fieldRuleValidator);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('actor', null);
  registerErrorHandling(app);
  refuseWhileClosing(app);
  // Before any route is registered, so every route (and every later one) inherits it.
  refuseNulCharacters(app);

  await app.register(formbody);
  // 32 KiB: the call's SDP offers (5 to 8 KB, more with a screen share); the other sockets read one short message.
  await app.register(websocket, { options: { maxPayload: 32 * 1024 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Spinyard API', version: '0.1.0', description: 'Cloud console for 360-degree vehicle imaging.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  const auth = authService({ repo: authRepo(deps.db), tokenTtlHours: deps.accessTokenTtlHours });
  const clock = deps.clock ?? systemClock;
  // Every module has a gateway: the local one (no network) unless the server was given Stripe's or PAY.JP's.
  const payments = deps.payments ?? (await createLocalGateway({ db: deps.db, clock, publicUrl: deps.publicUrl }));
  const ctx: ModuleContext = {
    db: deps.db,
    store: deps.store,
    media: deps.media ?? createMedia(),
    mail: createMailQueue(deps.mailer, deps.jobs),
    sms: deps.sms,
    jobs: deps.jobs,
    realtime: deps.realtime,
    auth,
    publicUrl: deps.publicUrl,
    productHost: deps.productHost ?? 'localhost',
    uploadDir: deps.uploadDir ?? path.join(tmpdir(), 'spinyard-uploads'),
    databaseUrl: deps.databaseUrl,
    keepUploadsInStore: deps.keepUploadsInStore ?? false,
    clock,
    payments,
    invoiceIssuer: deps.invoiceIssuer ?? DEFAULT_INVOICE_ISSUER,
    operatorEmail: deps.operatorEmail,
    meetingDocuments: deps.meetingDocuments,
    videoSharing: deps.videoSharing,
    videoSharingRedirectUrl: deps.videoSharingRedirectUrl,
    listing: deps.listing,
    listingParallel: deps.listingParallel,
    meetingRooms: deps.meetingRooms,
    meetingMedia: deps.meetingMedia,
    callHostReturnSeconds: deps.callHostReturnSeconds,
  };

  await app.register(healthRoutes, { db: deps.db });
  // Before any answer names a media file: vehicles' files are answered as signed URLs.
  await loadMediaKeys(deps.db);
  const limited = { param: GRANT_PARAM, check: limitedMediaGrant(deps.db) };
  await app.register(mediaRoutes, { store: deps.store, access: vehicleMediaAccess(deps.db, limited) });
  // The local gateway's test issuer serves its own 3-D Secure challenge page, as a real issuer does on its site.
  if (payments.name === 'local') await app.register(localChallengeRoutes, { db: deps.db });
  await app.register(async (publicScope) => {
    for (const module of MODULES) await module.public?.(publicScope, ctx);
  });
  await app.register(async (signedIn) => {
    requireToken(signedIn, auth, 'access');
    refuseHiddenScreens(signedIn, deps.db);
    for (const module of MODULES) await module.signedIn?.(signedIn, ctx);
  });
  await app.register(
    async (contentApi) => {
      requireToken(contentApi, auth, 'content');
      refuseHiddenScreens(contentApi, deps.db);
      // Before the areas' routes: a scope's hooks reach only what registers after them.
      republishWhenHidden(contentApi, ctx);
      for (const module of MODULES) await module.contentApi?.(contentApi, ctx);
    },
    { prefix: CONTENT_API_PREFIX },
  );
  await registerViewerPage(app, ctx, deps.viewerDist);
  await registerCallPage(app, deps.viewerDist);
  await registerConsole(app, deps.consoleDist);
  return app;
}
