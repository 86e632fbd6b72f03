import pg from 'pg';
import { expect } from 'vitest';
import { activeSuperUser, api, type NewAccount } from './api.ts';
import type { Suite } from './harness/fixtures.ts';

/**
 * The vehicle scenes of the browser tests: a session through the API (both tokens), vehicles registered through
 * the content API, and a stand-in worker that writes a process row and its progress straight into the test
 * server's database (the embedded PostgreSQL under the harness's data directory), announcing each change on the
 * channel the server fans out to the browsers, as a real worker does.
 */

export interface ApiSession {
  access: string;
  content: string;
}

/**
 * A session through `POST /v1/auth/token`. `client` names the device and application the session lists under
 * (a page that shows the device list wants the console's own, as its sign-in form sends them).
 */
export async function apiSignIn(
  suite: Suite,
  email: string,
  password: string,
  client = { device: 'e2e-seed', application: 'console' },
): Promise<ApiSession> {
  const response = await fetch(`${suite.server.baseUrl}/v1/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: email,
      password,
      scope: '',
      ...client,
    }),
  });
  const data = (await response.json()) as { access_token?: string; 'content-token'?: string };
  expect(response.status, JSON.stringify(data)).toBe(200);
  return { access: data.access_token ?? '', content: data['content-token'] ?? '' };
}

export interface VehicleSeed {
  management_id: string;
  maker?: string;
  car_name?: string;
  body_color?: string;
  first_registration_year?: number;
}

/** An active super user (see activeSuperUser) and their session through the API: most vehicle scenes' start. */
export async function activeSuperUserSession(suite: Suite, account: NewAccount): Promise<ApiSession> {
  await activeSuperUser(suite, account);
  return apiSignIn(suite, account.email, account.password);
}

/** Registers a vehicle through `POST /api/browser/v0/contents`; answers its id. */
export async function createVehicle(suite: Suite, session: ApiSession, vehicle: VehicleSeed): Promise<string> {
  const made = await api(`${suite.server.baseUrl}/api/browser/v0/contents`, session.content, vehicle);
  expect(made.status, JSON.stringify(made.data)).toBe(201);
  return (made.data as { id: string }).id;
}

/** Signs an account in through the API and registers a vehicle of theirs: the vehicle's id. */
export async function accountVehicle(
  suite: Suite,
  account: { email: string; password: string },
  vehicle: VehicleSeed,
): Promise<string> {
  return createVehicle(suite, await apiSignIn(suite, account.email, account.password), vehicle);
}

export interface StandInWorker {
  /** Starts a process on a vehicle (running, 0 %); answers the process row's id. */
  start(contentId: string, process: string): Promise<string>;
  progress(processId: string, progress: number, status?: 'running' | 'succeeded' | 'failed'): Promise<void>;
  close(): Promise<void>;
}

export async function standInWorker(suite: Suite): Promise<StandInWorker> {
  const client = new pg.Client({ connectionString: await suite.server.databaseUrl() });
  await client.connect();
  const answer = (row: Record<string, unknown>) => ({
    id: String(row.id),
    process: row.process,
    status: row.status,
    progress: row.progress,
    started_at: new Date(row.started_at as string).toISOString(),
    finished_at: row.finished_at ? new Date(row.finished_at as string).toISOString() : null,
    error: null,
  });
  /** What a worker announces after each change (apps/server/src/modules/processes/repo.ts, ProcessNotice). */
  const announce = async (processId: string) => {
    const { rows } = await client.query(
      `SELECT p.*, c.domain_id, c.owner_user_id, o.parent_user_id
         FROM content_processes p JOIN contents c ON c.id = p.content_id JOIN users o ON o.id = c.owner_user_id
        WHERE p.id = $1`,
      [processId],
    );
    const row = rows[0] as Record<string, unknown>;
    const notice = {
      content_id: String(row.content_id),
      audiences: [
        {
          domain_id: String(row.domain_id),
          owner_id: String(row.owner_user_id),
          owner_parent_id: row.parent_user_id === null ? null : String(row.parent_user_id),
        },
      ],
      process: answer(row),
    };
    await client.query('SELECT pg_notify($1, $2)', ['spinyard_processes', JSON.stringify(notice)]);
  };
  return {
    async start(contentId, process) {
      const { rows } = await client.query(
        `INSERT INTO content_processes (content_id, process, status, progress) VALUES ($1, $2, 'running', 0)
         RETURNING id`,
        [contentId, process],
      );
      const id = String((rows[0] as { id: string }).id);
      await announce(id);
      return id;
    },
    async progress(processId, progress, status = 'running') {
      await client.query(
        `UPDATE content_processes SET progress = $2, status = $3, heartbeat_at = now(),
                finished_at = CASE WHEN $3 = 'running' THEN NULL ELSE now() END
          WHERE id = $1`,
        [processId, progress, status],
      );
      await announce(processId);
    },
    close: () => client.end(),
  };
}
