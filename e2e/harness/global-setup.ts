import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { type DataTemplate, makeDataTemplate } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The data folder every file's server starts from, or null when it could not be made (each then makes its own). */
    e2eDataTemplate: DataTemplate | null;
  }
}

/**
 * Once per run: a server started and stopped, whose made and migrated database every file's server copies instead
 * of running initdb and the migrations again. Each file still has its own server and database.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  try {
    const template = await makeDataTemplate();
    project.provide('e2eDataTemplate', { dir: template.dir, adminPassword: template.adminPassword });
    return () => rm(template.root, { recursive: true, force: true });
  } catch (error) {
    // The files report the same failure themselves, each with its server's log.
    process.stderr.write(`[e2e] no data template (each file makes its own database): ${String(error)}\n`);
    project.provide('e2eDataTemplate', null);
    return async () => undefined;
  }
}
