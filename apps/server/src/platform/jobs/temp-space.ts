import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Temporary folders of work under way (frames of a spin, a movie being cut, a blob being hashed) live under one
 * folder per process, and a job's under a folder of its own inside it. A job's folder goes when the job ends,
 * however it ends; a process killed mid-job (SIGKILL, OOM, power) leaves its folder behind, and the next start on
 * the machine removes the folders of processes that are gone.
 */
const ROOT = path.join(tmpdir(), 'spinyard-work');
const OWN = path.join(ROOT, `${process.pid}-${randomBytes(4).toString('hex')}`);
const jobFolder = new AsyncLocalStorage<string>();

/** A new folder for temporary files: inside the running job's folder, else inside this process's. */
export async function makeTempDir(prefix: string): Promise<string> {
  const parent = jobFolder.getStore() ?? OWN;
  await mkdir(parent, { recursive: true, mode: 0o700 });
  return mkdtemp(path.join(parent, prefix));
}

/** Runs a job with a folder of its own for makeTempDir, removed when the job ends, failed or not. */
export async function withJobTempSpace<T>(jobId: string, work: () => Promise<T>): Promise<T> {
  const dir = path.join(OWN, `job-${jobId.replace(/[^\w-]/g, '_')}`);
  try {
    return await jobFolder.run(dir, work);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, only someone else's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the folders of processes that are gone: each is named `<pid>-<random>`; one whose pid runs no process,
 * or is this process's pid but not its folder (a restarted container reuses pids), is left from a killed process.
 */
export async function reclaimTempSpace(root = ROOT): Promise<string[]> {
  const names = await readdir(root).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const pid = Number.parseInt(name.split('-')[0] ?? '', 10);
    if (!Number.isInteger(pid) || pid <= 0) continue;
    const left = pid === process.pid ? path.join(root, name) !== OWN : !isAlive(pid);
    if (!left) continue;
    await rm(path.join(root, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/** This process's folder, removed at a clean stop. */
export async function removeOwnTempSpace(): Promise<void> {
  await rm(OWN, { recursive: true, force: true });
}
