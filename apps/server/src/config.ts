import path from 'node:path';
import { REGISTRATION_NUMBER_PATTERN } from '@spinyard/domain';
import { z } from 'zod';
import type { ListingSettings } from './platform/listing/index.ts';
import { type MeetingMediaSettings, meetingMediaEnv, meetingMediaSettings } from './platform/meeting-media/settings.ts';
import type { PaymentSettings } from './platform/payments/settings.ts';
import { parseBlobKey } from './platform/storage/blob-store.ts';
import type { StorageSettings } from './platform/storage/index.ts';
import { LOCAL_DAILY_UPLOADS, type VideoSharingSettings } from './platform/video-sharing/settings.ts';

/**
 * Every environment variable Spinyard reads, validated once at start. The README's configuration table is
 * written from this schema; keep the two in step.
 */
const boolish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A folder inside the bucket, written with or without its trailing slash. */
function isSafePrefix(prefix: string): boolean {
  try {
    parseBlobKey(prefix.replace(/\/+$/, ''));
    return true;
  } catch {
    return false;
  }
}

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    SPINYARD_DATA_DIR: z.string().min(1).optional(),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
    SPINYARD_ADMIN_EMAIL: z.email().optional(),
    SPINYARD_ADMIN_PASSWORD: z.string().min(8).optional(),
    SPINYARD_PRODUCT_HOST: z.string().min(1).default('localhost'),
    SPINYARD_PUBLIC_URL: z.url().optional(),
    SPINYARD_OPERATOR_EMAIL: z.email().optional(),
    // A web negotiation's documents: how many per meeting and how large each (the spec: configurable).
    SPINYARD_MEETING_DOCUMENTS_MAX: z.coerce.number().int().min(1).max(50).default(5),
    SPINYARD_MEETING_DOCUMENT_MAX_MB: z.coerce.number().int().min(1).max(200).default(20),
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z.string().min(3).default('Spinyard <no-reply@spinyard.localhost>'),
    SMS_URL: z.url({ protocol: /^https?$/ }).optional(),
    SMS_API_KEY: z.string().min(1).optional(),
    SPINYARD_CONSOLE_DIST: z.string().min(1).optional(),
    SPINYARD_VIEWER_DIST: z.string().min(1).optional(),
    SPINYARD_WORKERS: boolish.default(true),
    // Each exterior pipeline job takes both cores of a small machine and some 400 MB at 1080p (docs/operations.md):
    // more than a handful per process is a typo, not a plan.
    SPINYARD_MEDIA_JOBS: z.coerce.number().int().min(1).max(16).default(1),
    SPINYARD_STORAGE: z.enum(['disk', 's3']).default('disk'),
    SPINYARD_S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    SPINYARD_S3_REGION: z.string().min(1).default('us-east-1'),
    // S3's own rules are stricter (lower case); some compatible stores accept more.
    SPINYARD_S3_BUCKET: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{1,254}$/, 'not a bucket name')
      .optional(),
    SPINYARD_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    SPINYARD_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    SPINYARD_S3_FORCE_PATH_STYLE: boolish.default(false),
    SPINYARD_S3_PREFIX: z
      .string()
      .refine(isSafePrefix, 'a folder such as spinyard/ (no leading slash, no empty, . or .. segment)')
      .optional(),
    ACCESS_TOKEN_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 365)
      .default(24 * 30),
    TRUST_PROXY: boolish.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Card payments (issue 19): the local gateway needs no key; Stripe and PAY.JP need all three of theirs.
    SPINYARD_PAYMENT_GATEWAY: z.enum(['local', 'stripe', 'payjp']).default('local'),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_/, 'a Stripe secret key (sk_...)')
      .optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'a Stripe publishable key (pk_...)').optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_/, "a Stripe webhook endpoint's secret (whsec_...)")
      .optional(),
    /** Another Stripe API host (a test's fake); Stripe's own when unset. */
    STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
    PAYJP_SECRET_KEY: z.string().regex(/^sk_/, 'a PAY.JP secret key (sk_...)').optional(),
    PAYJP_PUBLIC_KEY: z.string().regex(/^pk_/, 'a PAY.JP public key (pk_...)').optional(),
    PAYJP_WEBHOOK_TOKEN: z.string().min(8).optional(),
    /** Another PAY.JP API base (a test's fake); https://api.pay.jp/v1 when unset. */
    PAYJP_API_URL: z.url({ protocol: /^https?$/ }).optional(),
    // Video sharing (issue 20): the local video site needs nothing; YouTube needs an OAuth client of Google's.
    SPINYARD_VIDEO_SHARING: z.enum(['local', 'youtube']).default('local'),
    /** Uploads a channel of the local video site may start in 24 hours, as YouTube limits a channel's uploads. */
    SPINYARD_LOCAL_VIDEO_DAILY_UPLOADS: z.coerce.number().int().min(1).max(100_000).default(LOCAL_DAILY_UPLOADS),
    YOUTUBE_CLIENT_ID: z.string().min(1).optional(),
    YOUTUBE_CLIENT_SECRET: z.string().min(1).optional(),
    /** The consent's return address registered with Google; the console's /youtube/callback when unset. */
    YOUTUBE_REDIRECT_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** One origin serving Google's OAuth and YouTube's API paths (a test's fake); Google's own when unset. */
    YOUTUBE_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    // The listing partner (platform/listing): the local one by default; its HTTP API at SPINYARD_LISTING_URL.
    SPINYARD_LISTING: z.enum(['local', 'http']).default('local'),
    SPINYARD_LISTING_URL: z.url({ protocol: /^https?$/ }).optional(),
    SPINYARD_LISTING_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
    // Partner calls at once across every node (the partner's rate limit), and the link jobs a process runs at once.
    SPINYARD_LISTING_PARALLEL: z.coerce.number().int().min(1).max(64).default(4),
    // The issuer printed on every invoice (qualified-invoice rules): name, address and registration number.
    SPINYARD_INVOICE_ISSUER_NAME: z.string().trim().min(1).max(200).default('Spinyard'),
    SPINYARD_INVOICE_ISSUER_ADDRESS: z.string().trim().max(300).default(''),
    SPINYARD_INVOICE_REGISTRATION_NUMBER: z
      .string()
      .regex(REGISTRATION_NUMBER_PATTERN, 'T followed by 13 digits, such as T1234567890123')
      .optional(),
    ...meetingMediaEnv,
  })
  // A provider URL without its key would fail on the first two-step sign-in instead of at start.
  .refine((e) => !e.SMS_URL || e.SMS_API_KEY, {
    path: ['SMS_API_KEY'],
    message: 'SMS_API_KEY is required with SMS_URL',
  })
  // Without a bucket S3 cannot start; found here rather than at the first upload.
  .refine((e) => e.SPINYARD_STORAGE !== 's3' || e.SPINYARD_S3_BUCKET, {
    path: ['SPINYARD_S3_BUCKET'],
    message: 'SPINYARD_S3_BUCKET is required with SPINYARD_STORAGE=s3',
  })
  // A bucket with disk storage is a forgotten SPINYARD_STORAGE=s3: media would quietly land on one node's disk.
  .refine((e) => e.SPINYARD_STORAGE === 's3' || !e.SPINYARD_S3_BUCKET, {
    path: ['SPINYARD_STORAGE'],
    message: 'SPINYARD_S3_BUCKET is set but SPINYARD_STORAGE is not s3',
  })
  // A gateway without its keys would fail on the first card a dealer enters instead of at start.
  .superRefine((e, ctx) => {
    const needed: Record<string, readonly (keyof typeof e)[]> = {
      local: [],
      stripe: ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'],
      payjp: ['PAYJP_SECRET_KEY', 'PAYJP_PUBLIC_KEY', 'PAYJP_WEBHOOK_TOKEN'],
    };
    for (const key of needed[e.SPINYARD_PAYMENT_GATEWAY] ?? []) {
      if (!e[key]) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `${key} is required with SPINYARD_PAYMENT_GATEWAY=${e.SPINYARD_PAYMENT_GATEWAY}`,
        });
      }
    }
  })
  .refine((e) => !e.SPINYARD_TURN_URLS === !e.SPINYARD_TURN_SECRET, {
    path: ['SPINYARD_TURN_SECRET'],
    message: 'SPINYARD_TURN_URLS and SPINYARD_TURN_SECRET go together',
  })
  .refine((e) => e.SPINYARD_LISTING !== 'http' || e.SPINYARD_LISTING_URL, {
    path: ['SPINYARD_LISTING_URL'],
    message: 'SPINYARD_LISTING_URL is required with SPINYARD_LISTING=http',
  })
  .refine((e) => e.SPINYARD_VIDEO_SHARING !== 'youtube' || (e.YOUTUBE_CLIENT_ID && e.YOUTUBE_CLIENT_SECRET), {
    path: ['YOUTUBE_CLIENT_ID'],
    message: 'YOUTUBE_CLIENT_ID and YOUTUBE_CLIENT_SECRET are required with SPINYARD_VIDEO_SHARING=youtube',
  })
  // Half a key pair would fall back to the SDK's own credentials without saying so.
  .refine((e) => !e.SPINYARD_S3_ACCESS_KEY_ID === !e.SPINYARD_S3_SECRET_ACCESS_KEY, {
    path: ['SPINYARD_S3_SECRET_ACCESS_KEY'],
    message: 'SPINYARD_S3_ACCESS_KEY_ID and SPINYARD_S3_SECRET_ACCESS_KEY go together',
  });

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  postgresDir: string;
  mediaDir: string;
  mailDir: string;
  smsDir: string;
  databaseUrl: string | undefined;
  embeddedPgPort: number;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  productHost: string;
  publicUrl: string | undefined;
  operatorEmail: string | undefined;
  /** A web negotiation's documents: count per meeting and bytes per document. */
  meetingDocuments: { count: number; bytes: number };
  smtpUrl: string | undefined;
  mailFrom: string;
  smsUrl: string | undefined;
  smsApiKey: string | undefined;
  consoleDist: string;
  viewerDist: string;
  workers: boolean;
  /** Exterior pipeline jobs one process (a `worker`, or `serve` with its workers) runs at once. */
  mediaJobs: number;
  storage: StorageSettings;
  accessTokenTtlHours: number;
  trustProxy: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  payments: PaymentSettings;
  videoSharing: VideoSharingSettings;
  listing: ListingSettings;
  /** Partner calls at once across the nodes, and link jobs per process. */
  listingParallel: number;
  /** Frozen into each invoice at issue (modules/invoices InvoiceIssuer). */
  invoiceIssuer: { name: string; address: string; registrationNumber: string };
  /** The call's STUN and TURN servers (platform/meeting-media). */
  meetingMedia: MeetingMediaSettings;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

function paymentSettings(e: z.infer<typeof envSchema>): PaymentSettings {
  if (
    e.SPINYARD_PAYMENT_GATEWAY === 'stripe' &&
    e.STRIPE_SECRET_KEY &&
    e.STRIPE_PUBLISHABLE_KEY &&
    e.STRIPE_WEBHOOK_SECRET
  ) {
    return {
      gateway: 'stripe',
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiUrl: e.STRIPE_API_URL,
    };
  }
  if (e.SPINYARD_PAYMENT_GATEWAY === 'payjp' && e.PAYJP_SECRET_KEY && e.PAYJP_PUBLIC_KEY && e.PAYJP_WEBHOOK_TOKEN) {
    return {
      gateway: 'payjp',
      secretKey: e.PAYJP_SECRET_KEY,
      publicKey: e.PAYJP_PUBLIC_KEY,
      webhookToken: e.PAYJP_WEBHOOK_TOKEN,
      apiUrl: e.PAYJP_API_URL,
    };
  }
  return { gateway: 'local' };
}

function videoSharingSettings(e: z.infer<typeof envSchema>): VideoSharingSettings {
  if (e.SPINYARD_VIDEO_SHARING !== 'youtube' || !e.YOUTUBE_CLIENT_ID || !e.YOUTUBE_CLIENT_SECRET)
    return { site: 'local', dailyUploads: e.SPINYARD_LOCAL_VIDEO_DAILY_UPLOADS };
  const base = e.YOUTUBE_BASE_URL?.replace(/\/+$/, '');
  return {
    site: 'youtube',
    clientId: e.YOUTUBE_CLIENT_ID,
    clientSecret: e.YOUTUBE_CLIENT_SECRET,
    redirectUrl: e.YOUTUBE_REDIRECT_URL,
    urls: base
      ? {
          authUrl: `${base}/o/oauth2/auth`,
          oauthUrl: base,
          apiUrl: `${base}/youtube/v3`,
          uploadUrl: `${base}/upload/youtube/v3`,
        }
      : undefined,
  };
}

function storageSettings(e: z.infer<typeof envSchema>, mediaDir: string): StorageSettings {
  if (e.SPINYARD_STORAGE === 'disk' || !e.SPINYARD_S3_BUCKET) return { kind: 'disk', dir: mediaDir };
  return {
    kind: 's3',
    bucket: e.SPINYARD_S3_BUCKET,
    region: e.SPINYARD_S3_REGION,
    endpoint: e.SPINYARD_S3_ENDPOINT,
    forcePathStyle: e.SPINYARD_S3_FORCE_PATH_STYLE,
    credentials:
      e.SPINYARD_S3_ACCESS_KEY_ID && e.SPINYARD_S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.SPINYARD_S3_ACCESS_KEY_ID, secretAccessKey: e.SPINYARD_S3_SECRET_ACCESS_KEY }
        : undefined,
    prefix: e.SPINYARD_S3_PREFIX,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as unset, so `FOO= npm start` behaves like no FOO at all.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // `npm start` runs the server from its workspace folder: a relative path means the folder npm was started
  // in (INIT_CWD), and the default is the repository's own data/ folder, as the README says.
  const dataDir = e.SPINYARD_DATA_DIR
    ? path.resolve(env.INIT_CWD ?? process.cwd(), e.SPINYARD_DATA_DIR)
    : path.join(repoRoot, 'data');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    postgresDir: path.join(dataDir, 'postgres'),
    mediaDir: path.join(dataDir, 'media'),
    mailDir: path.join(dataDir, 'mail'),
    smsDir: path.join(dataDir, 'sms'),
    databaseUrl: e.DATABASE_URL,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    adminEmail: e.SPINYARD_ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.SPINYARD_ADMIN_PASSWORD,
    productHost: e.SPINYARD_PRODUCT_HOST.toLowerCase(),
    publicUrl: e.SPINYARD_PUBLIC_URL,
    operatorEmail: e.SPINYARD_OPERATOR_EMAIL,
    meetingDocuments: {
      count: e.SPINYARD_MEETING_DOCUMENTS_MAX,
      bytes: e.SPINYARD_MEETING_DOCUMENT_MAX_MB * 1024 * 1024,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smsUrl: e.SMS_URL,
    smsApiKey: e.SMS_API_KEY,
    consoleDist: path.resolve(e.SPINYARD_CONSOLE_DIST ?? path.join(repoRoot, 'apps/console/dist')),
    viewerDist: path.resolve(e.SPINYARD_VIEWER_DIST ?? path.join(repoRoot, 'apps/viewer/dist')),
    workers: e.SPINYARD_WORKERS,
    mediaJobs: e.SPINYARD_MEDIA_JOBS,
    storage: storageSettings(e, path.join(dataDir, 'media')),
    accessTokenTtlHours: e.ACCESS_TOKEN_TTL_HOURS,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    payments: paymentSettings(e),
    videoSharing: videoSharingSettings(e),
    listing:
      e.SPINYARD_LISTING === 'http' && e.SPINYARD_LISTING_URL
        ? { partner: 'http', url: e.SPINYARD_LISTING_URL, timeoutMs: e.SPINYARD_LISTING_TIMEOUT_MS }
        : { partner: 'local' },
    listingParallel: e.SPINYARD_LISTING_PARALLEL,
    invoiceIssuer: {
      name: e.SPINYARD_INVOICE_ISSUER_NAME,
      address: e.SPINYARD_INVOICE_ISSUER_ADDRESS,
      registrationNumber: e.SPINYARD_INVOICE_REGISTRATION_NUMBER ?? '',
    },
    meetingMedia: meetingMediaSettings(e),
  };
}
