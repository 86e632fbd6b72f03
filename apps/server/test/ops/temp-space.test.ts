import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeTempDir, reclaimTempSpace, withJobTempSpace } from '../../src/platform/jobs/temp-space.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'job-in-temp.ts');

describe("jobs' temporary folders", () => {
  it('are removed when the job fails', async () => {
    let made = '';
    await expect(
      withJobTempSpace('failing', async () => {
        made = await makeTempDir('spinyard-movie-');
        await writeFile(path.join(made, 'part.mp4'), Buffer.alloc(10));
        throw new Error('ffmpeg failed');
      }),
    ).rejects.toThrow('ffmpeg failed');
    expect(made).not.toBe('');
    expect(existsSync(made)).toBe(false);
  });

  it("of a process killed mid-job are removed at the next start, a live process's are kept", async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const dir = await new Promise<string>((resolve) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        if (out.endsWith('\n')) resolve(out.trim());
      });
    });
    expect(existsSync(path.join(dir, 'frame-0001.jpg'))).toBe(true);
    const processFolder = path.dirname(path.dirname(dir));

    // Alive: another worker's folder is never touched.
    expect(await reclaimTempSpace(path.dirname(processFolder))).not.toContain(path.basename(processFolder));
    expect(existsSync(dir)).toBe(true);

    child.kill('SIGKILL');
    await exited;
    expect(await reclaimTempSpace(path.dirname(processFolder))).toContain(path.basename(processFolder));
    expect(existsSync(processFolder)).toBe(false);
  });
});
