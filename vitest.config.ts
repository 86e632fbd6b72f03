import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for every suite; scripts/test.mjs runs the projects in order and sums their results.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores, which is one on a 2-core machine; the server and browser
    // files spend much of their time waiting on PostgreSQL, ffmpeg and Chromium, so two run side by side.
    maxWorkers: Math.max(2, availableParallelism()),
    // The pool is the root's: a project's own `isolate` only decides whether a worker resets its modules between
    // files, not whether each file gets a new process. Without this, every file of every project started a process
    // of its own (the server and browser files lost the worker state they share: the e2e spare server and browser).
    // The projects that want a clean module graph per file keep it (`isolate: true`), in a reused process.
    poolOptions: { forks: { isolate: false } },
    projects: [
      // Pure tests, but some are property runs of a few seconds: a loaded machine must not fail them at 5 s.
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], testTimeout: 20_000, isolate: true } },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          // The media tests run ffmpeg pipelines of 10-30 s on a loaded 2-core machine; a hang still ends here.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Each file has its own database (a clone of the template) and builds its own app, so files share a
          // worker's module cache instead of importing the whole server again (about 3 s a file).
          isolate: false,
        },
      },
      { test: { name: 'console', include: ['apps/console/src/**/*.test.ts'], testTimeout: 20_000, isolate: true } },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/harness/global-setup.ts'],
          // Journeys of a dozen pages with media jobs, two files side by side on two cores: 60 s ran out at load 10.
          testTimeout: 180_000,
          hookTimeout: 120_000,
          // Files run side by side (the root's maxWorkers; each file has its own server and database on ports of its
          // own), so a page can take seconds to settle: expect.poll's 1 s default failed under load.
          expect: { poll: { timeout: 15_000 } },
          // The files a worker runs one after another share its Chromium (e2e/harness/browser.ts, workerBrowser):
          // a launch is about a second on a loaded machine, and each test still has a fresh context of its own.
          isolate: false,
        },
      },
    ],
  },
});
