import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startRunCluster } from './database.ts';
import { stopOrphanedPostgres } from './processes.ts';
import { type BuildCopies, copyBuilds, type DataTemplate, makeDataTemplate, stopLeftovers } from './server.ts';
import { bundleServer } from './server-bundle.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server bundled once for the run, or null when bundling failed (each server then runs the sources). */
    e2eServerBundle: string | null;
    /** The database every file's server clones its own from, or null when it could not be made (each then makes its own). */
    e2eDataTemplate: DataTemplate | null;
    /** The run's folder: every server's root goes in it, and what is left there is stopped and removed at the end. */
    e2eRunDir: string;
    /** The built console and viewer, copied once for the run, or null (each server then copies them itself). */
    e2eBuilds: BuildCopies | null;
  }
}

/**
 * Once per run: one PostgreSQL, a server started and stopped on a database of it, which every file's server then
 * clones instead of running initdb and the migrations again (database.ts), and one copy of the built console and
 * viewer that every server serves. Each file still has its own server and database.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runDir = await mkdtemp(path.join(tmpdir(), 'spinyard-e2e-run-'));
  // As root the embedded PostgreSQL runs as the `postgres` system user, which must be able to reach its clusters.
  await chmod(runDir, 0o755);
  project.provide('e2eRunDir', runDir);
  const clusterDir = path.join(runDir, 'cluster');
  const cluster = startRunCluster(clusterDir);
  cluster.catch(() => undefined);
  const teardown = async () => {
    await stopLeftovers(runDir);
    await cluster.then((c) => c.stop()).catch(() => undefined);
    // A cluster whose stop failed must not outlive the run.
    await stopOrphanedPostgres(clusterDir);
    await rm(runDir, { recursive: true, force: true });
  };

  let bundle: string | null = null;
  try {
    bundle = await bundleServer();
  } catch (error) {
    process.stderr.write(`[e2e] could not bundle the server (each server runs the sources): ${String(error)}\n`);
  }
  project.provide('e2eServerBundle', bundle);
  const removeBundle = () => (bundle ? rm(bundle, { force: true }) : Promise.resolve());

  const builds = { console: path.join(runDir, 'builds', 'console'), viewer: path.join(runDir, 'builds', 'viewer') };
  try {
    await mkdir(path.join(runDir, 'builds'));
    await copyBuilds(builds);
    project.provide('e2eBuilds', builds);
  } catch (error) {
    // The files report a missing build themselves, each with the command that makes it.
    process.stderr.write(`[e2e] no copy of the builds for the run: ${String(error)}\n`);
    project.provide('e2eBuilds', null);
  }

  try {
    const template = await makeDataTemplate((await cluster).adminUrl, bundle ?? undefined, runDir);
    project.provide('e2eDataTemplate', template);
  } catch (error) {
    // The files report the same failure themselves, each with its server's log.
    process.stderr.write(`[e2e] no data template (each file makes its own database): ${String(error)}\n`);
    project.provide('e2eDataTemplate', null);
  }
  return async () => {
    await Promise.all([teardown(), removeBundle()]);
  };
}
