import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { type DataTemplate, makeDataTemplate } from './server.ts';
import { bundleServer } from './server-bundle.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server bundled once for the run, or null when bundling failed (each server then runs the sources). */
    e2eServerBundle: string | null;
    /** The data folder every file's server starts from, or null when it could not be made (each then makes its own). */
    e2eDataTemplate: DataTemplate | null;
  }
}

/**
 * Once per run: a server started and stopped, whose made and migrated database every file's server copies instead
 * of running initdb and the migrations again. Each file still has its own server and database.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let bundle: string | null = null;
  try {
    bundle = await bundleServer();
  } catch (error) {
    process.stderr.write(`[e2e] could not bundle the server (each server runs the sources): ${String(error)}\n`);
  }
  project.provide('e2eServerBundle', bundle);
  const removeBundle = () => (bundle ? rm(bundle, { force: true }) : Promise.resolve());
  try {
    const template = await makeDataTemplate(bundle ?? undefined);
    project.provide('e2eDataTemplate', { dir: template.dir, adminPassword: template.adminPassword });
    return async () => {
      await Promise.all([rm(template.root, { recursive: true, force: true }), removeBundle()]);
    };
  } catch (error) {
    // The files report the same failure themselves, each with its server's log.
    process.stderr.write(`[e2e] no data template (each file makes its own database): ${String(error)}\n`);
    project.provide('e2eDataTemplate', null);
    return removeBundle;
  }
}
