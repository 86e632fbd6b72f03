import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

/**
 * A temporary folder for the tests of the describe (or file) that calls this, removed after them: one shared by
 * every test (`all`), or a fresh one for each test (`each`). Read `path` inside a test or hook.
 */
export function useTempDir(prefix: string, scope: 'all' | 'each' = 'all'): { readonly path: string } {
  let dir: string | undefined;
  const [before, after] = scope === 'each' ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), prefix));
  });
  after(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });
  return {
    get path() {
      if (!dir) throw new Error('useTempDir: the folder is made before the tests; read it inside a test or hook');
      return dir;
    },
  };
}
