import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { chmod, cp, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import type net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/server/src/db/embedded-postgres.ts';
import { cloneDatabase, createEmptyDatabase, type DatabaseTemplate, TEMPLATE_DATABASE } from './database.ts';
import { delay, SERVER_PID_FILE, stopOrphanedPostgres } from './processes.ts';

export { stopLeftovers } from './processes.ts';

/**
 * Starts the real `spinyard serve` (built console) as a child process for the browser tests, on a free port with a
 * fresh data directory, its own database and a known master account: a database cloned in the run's PostgreSQL
 * when given a template (database.ts), else the embedded PostgreSQL in its data folder, as `npm start` runs.
 */

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The server's entry in the sources, run through tsx when no bundle is given (server-bundle.ts). */
export const SERVER_SOURCE_ENTRY = 'apps/server/src/main.ts';

const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 20_000;
const OUTPUT_LIMIT = 64_000;
export interface StartServerOptions {
  /** Extra or overriding environment for the server process. */
  env?: Record<string, string>;
  /** A made, migrated database to clone the server's own from (in the run's PostgreSQL), master account included. */
  template?: DataTemplate | undefined;
  /** The embedded PostgreSQL in the server's data folder, made from nothing, even when a template is given. */
  embeddedDatabase?: boolean | undefined;
  /** The server bundled into one module (server-bundle.ts), run instead of the sources through tsx. */
  bundle?: string | undefined;
  /** The folder the server's temporary root goes in (the run's folder, which global-setup.ts clears at the end). */
  parentDir?: string | undefined;
  /**
   * Copies of the built console and viewer taken for this run (global-setup.ts), served as they are; without
   * them each server copies the builds for itself.
   */
  builds?: BuildCopies | undefined;
}

/** The built console and viewer, copied once for a run. */
export interface BuildCopies {
  console: string;
  viewer: string;
}

/** A stopped server's database, kept to clone the others' from (global-setup.ts makes one per run). */
export interface DataTemplate {
  database: DatabaseTemplate;
  adminPassword: string;
}

export interface RunningServer {
  /** `http://localhost:PORT`, without a trailing slash. */
  baseUrl: string;
  adminEmail: string;
  adminPassword: string;
  dataDir: string;
  /** The server's database as a superuser reaches it: for the tests that write rows a running job would write. */
  databaseUrl(): Promise<string>;
  /**
   * SIGTERM, wait for the exit (SIGKILL after 20 s), then remove the data directory (kept with E2E_KEEP_DATA=1, or
   * `keepData`: then the caller removes `root`).
   */
  stop(options?: { keepData?: boolean }): Promise<void>;
  /** The temporary folder that holds data/, console/ and viewer/. */
  root: string;
  /** Stops the server and starts it again on the same port and data directory. */
  restart(): Promise<void>;
  /** The last part of the server's stdout and stderr, for diagnostics. */
  output(): string;
  /** The file that holds the server's whole output (under test-results/e2e/server-logs/). */
  logFile: string;
  /**
   * Whether the server's process may keep the test process alive. A server started ahead for the worker's next
   * file lets the worker end if no file comes (the run's teardown then stops it, stopLeftovers).
   */
  holdWorker(hold: boolean): void;
}

export { freePort };

/** Processes of servers still running when the test process exits (a crashed test file): kill them. */
const running = new Map<ChildProcess, string>();
process.once('exit', () => {
  for (const [child, dataDir] of running) {
    child.kill('SIGKILL');
    // Its detached PostgreSQL would outlive it: ask for a fast shutdown (exit handlers cannot wait).
    try {
      const pid = Number.parseInt(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8'), 10);
      if (pid > 0) process.kill(pid, 'SIGINT');
    } catch {
      // No database running.
    }
  }
});

class ServerProcess {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private log = '';

  constructor(
    private readonly args: readonly string[],
    private readonly env: NodeJS.ProcessEnv,
    private readonly baseUrl: string,
    private readonly dataDir: string,
    private readonly logFile: string,
  ) {}

  output(): string {
    return this.log;
  }

  holdWorker(hold: boolean): void {
    const child = this.child;
    if (!child) return;
    // The pipes are sockets: unreferenced with the process, so a waiting server does not hold the event loop.
    const handles = [child, child.stdout, child.stderr] as unknown as (net.Socket | null)[];
    for (const handle of handles) {
      if (hold) handle?.ref();
      else handle?.unref();
    }
  }

  private append(chunk: Buffer | string): void {
    const text = chunk.toString();
    if (process.env.E2E_SERVER_LOG === '1') process.stderr.write(text);
    this.log = (this.log + text).slice(-OUTPUT_LIMIT);
    appendFileSync(this.logFile, text);
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, this.args, {
      cwd: repoRoot,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    running.set(child, this.dataDir);
    // For the run's teardown, should this process outlive its test worker (stopLeftovers).
    if (child.pid) writeFileSync(path.join(path.dirname(this.dataDir), SERVER_PID_FILE), String(child.pid));
    let exitCode: number | null | undefined;
    let exitSignal: NodeJS.Signals | null = null;
    this.exited = new Promise<void>((resolve) => {
      child.once('exit', (code, signal) => {
        running.delete(child);
        // A pid file must never name a process that is gone: the number may come to another process.
        rmSync(path.join(path.dirname(this.dataDir), SERVER_PID_FILE), { force: true });
        exitCode = code;
        exitSignal = signal;
        resolve();
      });
      child.once('error', (error) => {
        this.append(`\n[harness] could not start the server: ${error.message}\n`);
        exitCode = -1;
        resolve();
      });
    });
    child.stdout?.on('data', (chunk: Buffer) => this.append(chunk));
    child.stderr?.on('data', (chunk: Buffer) => this.append(chunk));

    const started = Date.now();
    while (Date.now() - started < READY_TIMEOUT_MS) {
      if (exitCode !== undefined) {
        throw new Error(
          `The server exited before it was ready (code ${String(exitCode)}, signal ${String(exitSignal)}).\n` +
            `--- server output ---\n${this.log}`,
        );
      }
      try {
        const response = await fetch(`${this.baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) });
        await response.arrayBuffer();
        if (response.status === 200) return;
      } catch {
        // Not listening yet.
      }
      await delay(250);
    }
    await this.stop();
    throw new Error(
      `The server did not answer GET /readyz with 200 within ${READY_TIMEOUT_MS / 1000} s.\n` +
        `--- server output ---\n${this.log}`,
    );
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const stopped = await Promise.race([this.exited.then(() => true), delay(STOP_TIMEOUT_MS).then(() => false)]);
      if (!stopped) {
        this.append(`\n[harness] no exit ${STOP_TIMEOUT_MS / 1000} s after SIGTERM; sending SIGKILL\n`);
        child.kill('SIGKILL');
      }
      await this.exited;
      // A graceful stop ends with exit code 0; anything else is a shutdown fault worth seeing (not a test failure).
      if (child.exitCode !== 0) {
        process.stderr.write(
          `[harness] WARNING: the server did not stop cleanly on SIGTERM (exit code ${String(child.exitCode)}, ` +
            `signal ${String(child.signalCode)}); its output is in ${this.logFile}\n`,
        );
      }
    }
    await this.exited;
  }
}

/** The built console and viewer a server serves: the environment's choice or the workspaces' dist folders. */
function builtDists(overrides: Record<string, string> = {}): BuildCopies {
  // E2E_CONSOLE_DIST lets several people build and test at once without one build emptying another's folder.
  const consoleDist =
    overrides.SPINYARD_CONSOLE_DIST ?? process.env.E2E_CONSOLE_DIST ?? path.join(repoRoot, 'apps/console/dist');
  if (!existsSync(path.join(consoleDist, 'index.html'))) {
    throw new Error(
      `No built console at ${consoleDist} (index.html missing). Build it first: npm run build -w @spinyard/console`,
    );
  }
  const viewerDist =
    overrides.SPINYARD_VIEWER_DIST ?? process.env.E2E_VIEWER_DIST ?? path.join(repoRoot, 'apps/viewer/dist');
  if (!existsSync(path.join(viewerDist, 'index.html'))) {
    throw new Error(`No built viewer at ${viewerDist} (index.html missing). Build it first: npm run build`);
  }
  return { console: consoleDist, viewer: viewerDist };
}

/**
 * Copies of the built console and viewer taken now, so a rebuild while the tests run (vite empties the folder
 * first) cannot answer a test with 404s.
 */
export async function copyBuilds(to: BuildCopies, overrides: Record<string, string> = {}): Promise<void> {
  const from = builtDists(overrides);
  await Promise.all([
    cp(from.console, to.console, { recursive: true }),
    cp(from.viewer, to.viewer, { recursive: true }),
  ]);
}

export async function startServer(opts: StartServerOptions = {}): Promise<RunningServer> {
  const overrides = opts.env ?? {};
  if (!opts.builds) builtDists(overrides);

  // One temporary root per server: data/ (SPINYARD_DATA_DIR), console/ and viewer/.
  const root = await mkdtemp(path.join(opts.parentDir ?? tmpdir(), 'spinyard-e2e-'));
  const dataDir = path.join(root, 'data');
  await mkdir(dataDir);
  const template = opts.embeddedDatabase ? undefined : opts.template;
  // The template's clone: no initdb, no migrations, no master account to create, no cluster to start and stop.
  const database = template ? await cloneDatabase(template.database) : undefined;
  // As root the embedded PostgreSQL runs as the `postgres` system user, which must be able to reach its cluster.
  await chmod(root, 0o755);
  await chmod(dataDir, 0o755);
  // The server serves copies of the built console and viewer (copyBuilds), the run's or its own.
  const consoleCopy = opts.builds?.console ?? path.join(root, 'console');
  const viewerCopy = opts.builds?.viewer ?? path.join(root, 'viewer');
  if (!opts.builds) {
    await copyBuilds({ console: consoleCopy, viewer: viewerCopy }, overrides).catch(async (error: unknown) => {
      await rm(root, { recursive: true, force: true });
      throw error;
    });
  }
  // The server's whole output, kept after the run for diagnosis (CI can keep test-results/ as an artifact).
  const logDir = path.join(repoRoot, 'test-results', 'e2e', 'server-logs');
  await mkdir(logDir, { recursive: true });
  const logFile = path.join(logDir, `${path.basename(root)}.log`);
  let port = await freePort();
  let pgPort = await freePort();
  const adminEmail = 'e2e-master@example.com';
  const adminPassword = template?.adminPassword ?? `e2e-${randomBytes(12).toString('base64url')}`;
  let baseUrl = `http://localhost:${port}`;

  const inherited: NodeJS.ProcessEnv = { ...process.env };
  // Never point the browser tests at a developer's own database or mail server, and run the server as it runs in
  // production rather than under Vitest's environment.
  for (const key of Object.keys(inherited)) {
    if (key.startsWith('VITEST') || key.startsWith('SPINYARD_') || key === 'DATABASE_URL' || key === 'SMTP_URL') {
      delete inherited[key];
    }
  }
  const envFor = (): NodeJS.ProcessEnv => ({
    ...inherited,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    EMBEDDED_PG_PORT: String(pgPort),
    SPINYARD_DATA_DIR: dataDir,
    SPINYARD_ADMIN_EMAIL: adminEmail,
    SPINYARD_ADMIN_PASSWORD: adminPassword,
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...overrides,
    SPINYARD_CONSOLE_DIST: consoleCopy,
    SPINYARD_VIEWER_DIST: viewerCopy,
  });

  const args = opts.bundle ? [opts.bundle, 'serve'] : ['--import', 'tsx', SERVER_SOURCE_ENTRY, 'serve'];
  let server = new ServerProcess(args, envFor(), baseUrl, dataDir, logFile);
  const cleanUpOrphans = async () => {
    const note = await stopOrphanedPostgres(dataDir);
    if (note) process.stderr.write(`[harness] ${note}; the server's output is in ${logFile}\n`);
  };

  // Files run side by side: a port found free may be taken by another file's server before ours binds it, so
  // a start that lost its port is tried again on new ones.
  for (let attempt = 1; ; attempt++) {
    try {
      await server.start();
      break;
    } catch (error) {
      await server.stop();
      await cleanUpOrphans();
      if (attempt < 3 && /EADDRINUSE|already in use/i.test(String(error))) {
        port = await freePort();
        pgPort = await freePort();
        baseUrl = `http://localhost:${port}`;
        server = new ServerProcess(args, envFor(), baseUrl, dataDir, logFile);
        continue;
      }
      await rm(root, { recursive: true, force: true });
      await database?.drop();
      throw error;
    }
  }

  let stopped = false;
  return {
    baseUrl,
    adminEmail,
    adminPassword,
    dataDir,
    databaseUrl: async () => database?.url ?? (await embeddedDatabaseUrl(dataDir)),
    output: () => server.output(),
    holdWorker: (hold) => server.holdWorker(hold),
    logFile,
    root,
    async stop(options = {}) {
      if (stopped) return;
      stopped = true;
      await server.stop();
      await cleanUpOrphans();
      if (process.env.E2E_KEEP_DATA === '1' || options.keepData) return;
      await rm(root, { recursive: true, force: true });
      await database?.drop();
    },
    async restart() {
      if (stopped) throw new Error('restart() after stop()');
      await server.stop();
      await cleanUpOrphans();
      await server.start();
    },
  };
}

/**
 * Starts a server once on a new database of the run's PostgreSQL and stops it, keeping the database (made,
 * migrated, its master account created) as the template the files' servers clone theirs from.
 */
export async function makeDataTemplate(adminUrl: string, bundle?: string, parentDir?: string): Promise<DataTemplate> {
  const name = TEMPLATE_DATABASE;
  const url = await createEmptyDatabase(adminUrl, name);
  const server = await startServer({ bundle, parentDir, env: { DATABASE_URL: url } });
  await server.stop();
  return { database: { adminUrl, name }, adminPassword: server.adminPassword };
}

/** The embedded PostgreSQL's database, from the password file and pid file it keeps in the data folder. */
async function embeddedDatabaseUrl(dataDir: string): Promise<string> {
  const password = (await readFile(path.join(dataDir, '.postgres-password'), 'utf8')).trim();
  // postmaster.pid: pid, data directory, start time, port, ...
  const port = (await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[3]?.trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/spinyard`;
}
