import { chmod, cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres.ts';
import type { Binaries } from '../../src/db/postgres-system-user.ts';
import { queryOnce } from '../helpers/database.ts';

/**
 * A checkout inside a folder other users may not enter (`/root/spinyard`, `/root` is 0700). As root the
 * database runs as the `postgres` system user, so here the binaries too are reachable only through the private
 * folder, as they are under such a checkout's node_modules.
 */
const asRoot = process.getuid?.() === 0;
let privateRoot: string;
let reachable: string;
let binaries: Binaries | undefined;

beforeAll(async () => {
  privateRoot = await mkdtemp(path.join(tmpdir(), 'spinyard-private-'));
  await chmod(privateRoot, 0o700);
  // Where copies and relocated clusters may go: a folder every user may enter, removed after the test.
  reachable = await mkdtemp(path.join(tmpdir(), 'spinyard-reachable-'));
  await chmod(reachable, 0o755);
  if (asRoot) {
    const installed = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as Binaries;
    const native = path.join(privateRoot, 'checkout', 'native');
    await cp(path.dirname(path.dirname(installed.initdb)), native, { recursive: true, verbatimSymlinks: true });
    binaries = { initdb: path.join(native, 'bin', 'initdb'), postgres: path.join(native, 'bin', 'postgres') };
  }
}, 60_000);

afterAll(async () => {
  await rm(privateRoot, { recursive: true, force: true });
  await rm(reachable, { recursive: true, force: true });
});

describe('embedded PostgreSQL started from a private folder', () => {
  it('starts, answers queries and finds its rows again after a restart', async () => {
    const options = {
      dataDir: path.join(privateRoot, 'checkout', 'data', 'postgres'),
      preferredPort: 0,
      log: () => undefined,
      binaries,
      binaryCacheDir: reachable,
      relocateDir: reachable,
    };
    const first = await startEmbeddedPostgres(options);
    try {
      await queryOnce(first.adminUrl, 'CREATE TABLE kept (note text)');
      await queryOnce(first.adminUrl, "INSERT INTO kept VALUES ('before restart')");
    } finally {
      await first.stop();
    }
    if (asRoot) {
      // The cluster moved where the system user may enter, and the binaries were copied there too.
      expect(first.dataDir.startsWith(`${reachable}${path.sep}`)).toBe(true);
      expect((await readdir(reachable)).some((name) => name.startsWith('spinyard-postgres-'))).toBe(true);
    } else {
      expect(first.dataDir).toBe(options.dataDir);
    }

    const second = await startEmbeddedPostgres(options);
    try {
      expect(second.dataDir).toBe(first.dataDir);
      expect(await queryOnce(second.adminUrl, 'SELECT note FROM kept')).toEqual([{ note: 'before restart' }]);
    } finally {
      await second.stop();
    }
    if (!asRoot) return;

    // The folder opens up later (chmod o+x): the moved cluster is still the one used, not a new empty one.
    await chmod(privateRoot, 0o755);
    const third = await startEmbeddedPostgres(options);
    try {
      expect(third.dataDir).toBe(first.dataDir);
      expect(await queryOnce(third.adminUrl, 'SELECT note FROM kept')).toEqual([{ note: 'before restart' }]);
    } finally {
      await third.stop();
      await chmod(privateRoot, 0o700);
    }
  }, 120_000);

  it.runIf(asRoot)(
    'stops at once, saying what to do, when a cluster already sits where it cannot be reached',
    async () => {
      const dataDir = path.join(privateRoot, 'old-checkout', 'data', 'postgres');
      await mkdir(dataDir, { recursive: true });
      await writeFile(path.join(dataDir, 'PG_VERSION'), '17\n');
      await expect(
        startEmbeddedPostgres({
          dataDir,
          preferredPort: 0,
          log: () => undefined,
          binaries,
          binaryCacheDir: reachable,
          relocateDir: reachable,
        }),
      ).rejects.toThrow(/cannot enter .*SPINYARD_DATA_DIR/s);
    },
    60_000,
  );
});
