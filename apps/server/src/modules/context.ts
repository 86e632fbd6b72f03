import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import type { Clock } from '../platform/clock/clock.ts';
import type { JobDefinition, JobHandlers, JobLog, JobRunner } from '../platform/jobs/queue-registry.ts';
import type { ListingService } from '../platform/listing/port.ts';
import type { MailQueue } from '../platform/mail/mail-outbox-queue.ts';
import type { Media } from '../platform/media/media.ts';
import type { MeetingMedia } from '../platform/meeting-media/port.ts';
import type { PaymentGateway } from '../platform/payments/gateway.ts';
import type { NotifyHub } from '../platform/realtime/notify-hub.ts';
import type { SmsSender } from '../platform/sms/sms-sender.ts';
import type { BlobStore } from '../platform/storage/blob-store.ts';
import type { VideoSharing } from '../platform/video-sharing/port.ts';
import type { AuthService } from './auth/service.ts';
import type { InvoiceIssuer } from './invoices/issue.ts';
import type { MeetingRooms } from './meeting-call/admission.ts';
import type { ProcessJobPayload } from './processes/runner.ts';

/**
 * What every area module receives: the adapters to the outside world and the shared services. Modules build
 * their own services and repositories from it; nothing here is a global.
 */
export interface ModuleContext {
  db: Db;
  store: BlobStore;
  /** Image (and video) work: the one adapter over sharp and ffmpeg. */
  media: Media;
  mail: MailQueue;
  /** Absent when no SMS backend is set up (tests); `serve` always gives one (the outbox by default). */
  sms?: SmsSender | undefined;
  jobs: JobRunner | undefined;
  /** The node's LISTEN fan-out (platform/realtime); absent when the app serves no live updates (tests). */
  realtime?: NotifyHub | undefined;
  auth: AuthService;
  /** Base URL for links in mails when the request gives no usable origin (SPINYARD_PUBLIC_URL). */
  publicUrl: string | undefined;
  /** Host name of the product's own domain: its paying-by-card users are the "product-branded" users. */
  productHost: string;
  /** Where resumable uploads keep their bytes until checked (a folder of the data dir; never the media store). */
  uploadDir: string;
  /** The database's URL, for the uploads' advisory locks; absent, tus locks in memory (one node). */
  databaseUrl?: string | undefined;
  /** Finished uploads are put into the blob store too, so a worker on another machine can read them. */
  keepUploadsInStore: boolean;
  /** The billing calendar's time (platform/clock): the system clock, or a test's. */
  clock: Clock;
  /** Card payments (platform/payments): the local gateway by default, Stripe or PAY.JP by configuration. */
  payments?: PaymentGateway | undefined;
  /** Who issues invoices (config SPINYARD_INVOICE_*), for issueInvoiceForCharge. */
  invoiceIssuer: InvoiceIssuer;
  /** Where the contact form's inquiries go (SPINYARD_OPERATOR_EMAIL); unset, to the masters' addresses. */
  operatorEmail?: string | undefined;
  /** A web negotiation's documents: count and bytes (SPINYARD_MEETING_DOCUMENTS_MAX, _DOCUMENT_MAX_MB); unset, 5 of 20 MB. */
  meetingDocuments?: { count: number; bytes: number } | undefined;
  /** The video site (platform/video-sharing): absent, the local one over `store`; YouTube by configuration. */
  videoSharing?: VideoSharing | undefined;
  /** Where the video site sends the consent back to (YOUTUBE_REDIRECT_URL); absent, the console's /youtube/callback. */
  videoSharingRedirectUrl?: string | undefined;
  /** The listing partner (platform/listing): absent, the local partner; its HTTP API by configuration. */
  listing?: ListingService | undefined;
  /** Partner calls at once across the nodes (SPINYARD_LISTING_PARALLEL); absent, 4. */
  listingParallel?: number | undefined;
  /** The meetings the call connects (the web-negotiation module's); absent, no call socket is offered. */
  meetingRooms?: MeetingRooms | undefined;
  /** How the call's media travel (platform/meeting-media): the browsers' mesh when absent. */
  meetingMedia?: MeetingMedia | undefined;
  /** How long a host who dropped out may take to come back before the meeting ends (tests shorten it). */
  callHostReturnSeconds?: number | undefined;
}

/**
 * What a module's job handlers are built from: the adapters a worker node has. No HTTP and no caller: a job
 * receives ids in its payload and reloads what it works on.
 */
export interface JobsContext {
  db: Db;
  store: BlobStore;
  media: Media;
  log: JobLog;
  /**
   * Enqueues on the runner these handlers are registered with (late-bound: the runner is built from them), for a
   * job that hands work on, such as the reaper retrying a process whose worker died. Absent in tests.
   */
  enqueue?: JobRunner['enqueue'];
  /** Many jobs of one definition in one statement, on the same runner (late-bound too). Absent in tests. */
  enqueueMany?: JobRunner['enqueueMany'];
  /**
   * The job that runs a process of this name, whichever area declares it (ModuleJobs.processJobs); late-bound like
   * `enqueue`, for the reaper's retry of a process whose worker died. Absent in tests that build one area's jobs.
   */
  processJobFor?: (process: string) => JobDefinition<ProcessJobPayload> | undefined;
  /** The billing calendar's time; the system clock when absent. */
  clock?: Clock | undefined;
  /** Card payments for renewals and dunning; absent in tests that build no billing jobs. */
  payments?: PaymentGateway | undefined;
  /** Base URL for links in the jobs' mails (SPINYARD_PUBLIC_URL); absent, mails carry no link. */
  publicUrl?: string | undefined;
  /** Who issues the renewals' invoices; absent in tests that build no billing jobs. */
  invoiceIssuer?: InvoiceIssuer | undefined;
  /** The video site the uploads go to; absent, the local one over `store`. */
  videoSharing?: VideoSharing | undefined;
  /** The listing partner the link jobs call; absent, the local partner. */
  listing?: ListingService | undefined;
  /** Partner calls at once across the nodes; absent, 4. */
  listingParallel?: number | undefined;
  /** Text messages (meeting reminders); absent, a job's SMS is logged as not sent. */
  sms?: SmsSender | undefined;
}

/** A module's jobs: each definition with its handler under the same name (the registry refuses a mismatch). */
export interface ModuleJobs {
  definitions: readonly JobDefinition<never>[];
  handlers: JobHandlers;
  /** The jobs that run the area's background processes on vehicles, by process name (contents/process-jobs.ts). */
  processJobs?: Readonly<Record<string, JobDefinition<ProcessJobPayload>>>;
}

/**
 * An area of the spec as the app sees it. `public` routes answer anyone; `signedIn` routes are registered in a
 * scope that has already checked the access token (`actorOf(request)` gives the caller).
 */
export interface AppModule {
  name: string;
  public?: (scope: FastifyInstance, ctx: ModuleContext) => Promise<void>;
  signedIn?: (scope: FastifyInstance, ctx: ModuleContext) => Promise<void>;
  /**
   * Content API routes (second document, section 7): registered under `/api/browser/v0` in a scope that has
   * checked the content token, so a route declares `/contents`, not the prefix.
   */
  contentApi?: (scope: FastifyInstance, ctx: ModuleContext) => Promise<void>;
  /** The area's background jobs (its `jobs.ts`), registered on every node like its routes (modules/jobs.ts). */
  jobs?: (ctx: JobsContext) => ModuleJobs;
}
