import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

/** The processes of the browser tests' servers: waiting on them, and stopping what a server left behind. */

/** In a server's root: the pid of its process. */
export const SERVER_PID_FILE = 'server.pid';
const STOP_TIMEOUT_MS = 20_000;

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The embedded PostgreSQL runs detached from the server. If the server died without its own shutdown (a kill
 * after the stop timeout, a crash), the database it started would outlive it: stop it through its pid file.
 */
export async function stopOrphanedPostgres(dataDir: string): Promise<string | undefined> {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  const content = await readFile(pidFile, 'utf8').catch(() => undefined);
  if (content === undefined) return undefined;
  const pid = Number.parseInt(content.split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return undefined;
  process.kill(pid, 'SIGINT');
  const end = Date.now() + 15_000;
  while (isAlive(pid) && Date.now() < end) await delay(100);
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  return `PostgreSQL (pid ${pid}) was still running after the server exited; stopped it`;
}

/**
 * Stops what servers under `dir` left running (a worker that ended with a server started ahead for a file that
 * never came) and removes their roots.
 */
export async function stopLeftovers(dir: string): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  await Promise.all(
    entries
      .filter((entry) => entry.isDirectory() && entry.name.startsWith('spinyard-e2e-'))
      .map(async (entry) => {
        const root = path.join(dir, entry.name);
        const pid = Number.parseInt(await readFile(path.join(root, SERVER_PID_FILE), 'utf8').catch(() => ''), 10);
        if (pid > 0 && isAlive(pid)) {
          process.kill(pid, 'SIGTERM');
          const end = Date.now() + STOP_TIMEOUT_MS;
          while (isAlive(pid) && Date.now() < end) await delay(100);
          if (isAlive(pid)) process.kill(pid, 'SIGKILL');
        }
        await stopOrphanedPostgres(path.join(root, 'data'));
        await rm(root, { recursive: true, force: true });
      }),
  );
}
