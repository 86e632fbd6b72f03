import PgBoss from 'pg-boss';

/**
 * pg-boss on the application's PostgreSQL, in its own schema so its tables never mix with the migrations'.
 * It installs or upgrades that schema itself on start.
 */
export function createBoss(connectionString: string): PgBoss {
  return new PgBoss({
    connectionString,
    schema: 'pgboss',
    application_name: 'spinyard-jobs',
    // Jobs share the database with requests; a small pool keeps workers from starving the API.
    max: 4,
    // Workers poll; one second keeps mail and progress prompt without a noticeable load.
    pollingIntervalSeconds: 1,
    // Finished jobs stay a week for support questions ("was that mail sent?"), then are deleted.
    deleteAfterDays: 7,
    // Recurring jobs are fired by the runner's own cron ticker (cron.ts): pg-boss's costs a second of CPU a minute.
    schedule: false,
  });
}
