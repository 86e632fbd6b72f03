import { defineJob } from '../../platform/jobs/queue-registry.ts';

/**
 * One link request of one vehicle (its `seq` in the key: enqueuing the same request twice is harmless, a new request
 * runs again). Five retries with pg-boss's backoff ride out the partner's hours (2998), time-outs and broken answers;
 * the last attempt records the failure on the vehicle.
 */
export const linkJob = defineJob<{ contentId: string; seq: number }>('listing.link', {
  retryLimit: 5,
  expireInSeconds: 5 * 60,
  singletonKey: (p) => `${p.contentId}:${p.seq}`,
});

/** The hourly reconcile (Japan time, like every schedule of the product), at 17 past so it meets no midnight job. */
export const reconcileJob = defineJob<Record<string, never>>('listing.reconcile', {
  retryLimit: 0,
  expireInSeconds: 50 * 60,
  schedule: { cron: '17 * * * *', tz: 'Asia/Tokyo', payload: {} },
});

/**
 * The automatic link of one creator's stock, turned on (or found by the reconcile): finds the vehicles to link and
 * queues their link requests and link jobs a page at a time, each page in one transaction. A retry (after a failure
 * half-way) finds only the vehicles no page took yet, so nothing is queued twice; `at` keys each switch-on.
 */
export const autojoinJob = defineJob<{ userId: string; at: string }>('listing.autojoin', {
  retryLimit: 5,
  expireInSeconds: 30 * 60,
  singletonKey: (p) => `${p.userId}:${p.at}`,
});
