import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres.ts';
import { eventually } from '../contents/process-jobs.ts';
import { queryOnce } from '../helpers/database.ts';
import { useTempDir } from '../helpers/temp-dir.ts';

describe('the embedded PostgreSQL under its supervisor', () => {
  const tmp = useTempDir('spinyard-pg-restart-');

  it('is started again after it is killed, with everything it had committed', async () => {
    const logged: string[] = [];
    const server = await startEmbeddedPostgres({
      dataDir: path.join(tmp.path, 'postgres'),
      preferredPort: 0,
      log: (message) => logged.push(message),
    });
    try {
      await queryOnce(server.adminUrl, 'CREATE TABLE kept (id int PRIMARY KEY)');
      await queryOnce(server.adminUrl, 'INSERT INTO kept VALUES (1), (2)');
      const pid = Number.parseInt(await readFile(path.join(server.dataDir, 'postmaster.pid'), 'utf8'), 10);
      process.kill(pid, 'SIGKILL');

      const rows = await eventually('the database to answer again', () =>
        queryOnce(server.adminUrl, 'SELECT id FROM kept ORDER BY id').catch(() => undefined),
      );
      expect(rows).toEqual([{ id: 1 }, { id: 2 }]);
      expect(logged.some((line) => line.includes('restarting it'))).toBe(true);
    } finally {
      await server.stop();
    }
  });
});
