import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmod,
  chown,
  cp,
  lstat,
  mkdir,
  readdir,
  readFile,
  realpath,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * PostgreSQL refuses to run as root, so a root start (containers, small servers) runs it as the `postgres`
 * system user. That user must reach the binaries and the cluster through every parent folder; a checkout in a
 * private folder (`/root/spinyard`, `/root` is 0700) blocks both. This module finds that user, checks what it
 * can reach before anything starts, and moves what it cannot reach to a place it can, or stops with a message
 * that says what to do.
 */
const run = promisify(execFile);

export const SYSTEM_USER = 'postgres';

export interface SystemUser {
  uid: number;
  gid: number;
}

export interface Binaries {
  initdb: string;
  postgres: string;
}

const WHAT_TO_DO =
  'Run Spinyard as a user other than root, or set SPINYARD_DATA_DIR to a folder every user may enter ' +
  '(for example /var/lib/spinyard), or set DATABASE_URL to a PostgreSQL of your own.';

/** The user PostgreSQL runs as: none when not root; as root the `postgres` system user, made when missing. */
export async function postgresSystemUser(): Promise<SystemUser | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const ids = async () => {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
      run('id', ['-u', SYSTEM_USER]),
      run('id', ['-g', SYSTEM_USER]),
    ]);
    return { uid: Number.parseInt(uid, 10), gid: Number.parseInt(gid, 10) };
  };
  try {
    return await ids();
  } catch {
    await run('useradd', ['--system', '--no-create-home', '--user-group', SYSTEM_USER]).catch(() => undefined);
    return ids().catch((cause: unknown) => {
      throw new Error(
        `PostgreSQL does not run as root, and the system user "${SYSTEM_USER}" is missing and could not be made ` +
          `(useradd --system ${SYSTEM_USER}). Create it, or: ${WHAT_TO_DO}`,
        { cause },
      );
    });
  }
}

export async function chownTree(dir: string, user: SystemUser): Promise<void> {
  await chown(dir, user.uid, user.gid);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(full, user);
    else await chown(full, user.uid, user.gid);
  }
}

/** True when the system user can run `initdb` from where it is (every parent folder lets it through). */
async function canRun(bin: Binaries, user: SystemUser): Promise<boolean> {
  try {
    await run(bin.initdb, ['--version'], { uid: user.uid, gid: user.gid, env: { LC_ALL: 'C' } });
    return true;
  } catch {
    return false;
  }
}

/** True when the system user may enter `dir` (search permission on it and on every parent). */
export async function canEnter(dir: string, user: SystemUser): Promise<boolean> {
  try {
    await run('/bin/sh', ['-c', 'cd "$1"', 'sh', dir], { uid: user.uid, gid: user.gid, env: {} });
    return true;
  } catch {
    return false;
  }
}

const exists = (file: string) =>
  lstat(file).then(
    () => true,
    () => false,
  );

/** A folder we made ourselves earlier: owned by root and writable by nobody else, so nobody swapped its files. */
async function isOurs(dir: string): Promise<boolean> {
  const info = await lstat(dir).catch(() => undefined);
  return info?.isDirectory() === true && info.uid === 0 && (info.mode & 0o022) === 0;
}

/**
 * Binaries the system user can run: the installed ones when it can reach them, else a copy of the package's
 * `native` folder (binaries, libraries, share) in a root-owned 0755 folder under the temp folder, one per
 * PostgreSQL version, made once and reused.
 */
export async function reachableBinaries(
  bin: Binaries,
  user: SystemUser,
  options: { cacheDir?: string | undefined; log: (message: string) => void },
): Promise<Binaries> {
  if (await canRun(bin, user)) return bin;
  const nativeDir = path.dirname(path.dirname(bin.initdb));
  const version = await readFile(path.join(nativeDir, '..', 'package.json'), 'utf8')
    .then((text) => String((JSON.parse(text) as { version?: unknown }).version ?? ''))
    .catch(() => '');
  // Without a version (binaries outside their package) the copy is keyed by where they came from.
  const key =
    version ||
    createHash('sha256')
      .update(await realpath(nativeDir))
      .digest('hex')
      .slice(0, 16);
  const base = options.cacheDir ?? tmpdir();
  let target = path.join(base, `spinyard-postgres-${process.platform}-${process.arch}-${key}`);
  const copied = (dir: string): Binaries => ({
    initdb: path.join(dir, 'bin', path.basename(bin.initdb)),
    postgres: path.join(dir, 'bin', path.basename(bin.postgres)),
  });
  const usable = async (dir: string) => (await isOurs(dir)) && (await canRun(copied(dir), user));
  if (!(await usable(target))) {
    // Copied beside the target, then renamed: a second start at the same moment finds a complete copy or none.
    const staging = `${target}.${process.pid}-${randomBytes(4).toString('hex')}`;
    await cp(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
    await chmod(staging, 0o755);
    if (await usable(target)) {
      // Another start made it meanwhile.
      await rm(staging, { recursive: true, force: true });
    } else if (await isOurs(target)) {
      // A copy of ours that no longer runs (a temp-folder cleaner pruned part of it): replace it.
      await rm(target, { recursive: true, force: true });
      await rename(staging, target);
    } else if (await exists(target)) {
      // Someone else's folder under that name: use our copy where it is rather than trust theirs.
      target = staging;
    } else {
      await rename(staging, target).catch(() => rm(staging, { recursive: true, force: true }));
    }
    options.log(`PostgreSQL binaries copied to ${target}: the "${SYSTEM_USER}" user cannot reach ${nativeDir}`);
  }
  const result = copied(target);
  if (!(await canRun(result, user))) {
    throw new Error(
      `The embedded PostgreSQL runs as the system user "${SYSTEM_USER}" (it refuses root), which can run ` +
        `neither ${bin.initdb} nor a copy in ${target}. ${WHAT_TO_DO}`,
    );
  }
  return result;
}

export interface ClusterPlace {
  /** The cluster's folder (PGDATA). */
  dataDir: string;
  /** The root-only file beside it that holds the superuser password. */
  passwordFile: string;
}

/**
 * Where the cluster lives: in `dataDir` when the system user can enter its parent, else in a folder of its own
 * under `relocateDir` (default /var/lib/spinyard), named after `dataDir` so every start finds the same one. A
 * cluster already made in `dataDir` is never silently replaced by an empty one elsewhere: that stops instead.
 */
export async function clusterPlace(
  dataDir: string,
  user: SystemUser | undefined,
  options: { relocateDir?: string | undefined; log: (message: string) => void },
): Promise<ClusterPlace> {
  const parent = path.dirname(dataDir);
  const here = { dataDir, passwordFile: path.join(parent, '.postgres-password') };
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  if (!user) return here;
  // The server's own user must be able to reach its data directory through the parent (the data root).
  await chmod(parent, ((await stat(parent)).mode & 0o777) | 0o011);
  const base = options.relocateDir ?? '/var/lib/spinyard';
  const name = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  const home = path.join(base, `postgres-${name}`);
  const cluster = path.join(home, 'postgres');
  const moved = { dataDir: cluster, passwordFile: path.join(home, '.postgres-password') };
  const hasCluster = (dir: string) => exists(path.join(dir, 'PG_VERSION'));
  if (await canEnter(parent, user)) {
    // A cluster moved away at an earlier start stays where it is, even once the folder became reachable.
    return !(await hasCluster(dataDir)) && (await hasCluster(cluster)) ? moved : here;
  }

  if (await hasCluster(dataDir)) {
    throw new Error(
      `The embedded PostgreSQL runs as the system user "${SYSTEM_USER}" (it refuses root), which cannot enter ` +
        `${parent}: a parent folder is private. Let it through (chmod o+x on each parent folder) or move the ` +
        `data folder to where every user may enter. ${WHAT_TO_DO}`,
    );
  }
  try {
    await mkdir(base, { recursive: true, mode: 0o755 });
    await mkdir(home, { recursive: true, mode: 0o711 });
    await chmod(home, 0o711);
    await mkdir(cluster, { recursive: true, mode: 0o700 });
    if (!(await canEnter(home, user))) throw new Error(`${home} is not reachable either`);
    // A note where the user looks for the data, since the cluster is elsewhere.
    await writeFile(
      path.join(dataDir, 'WHERE-IS-THE-DATABASE.txt'),
      `The "${SYSTEM_USER}" system user cannot enter ${parent}, so the embedded PostgreSQL keeps its cluster in\n` +
        `${cluster}\n`,
    );
    options.log(`The "${SYSTEM_USER}" user cannot enter ${parent}; the PostgreSQL cluster lives in ${cluster}`);
    return moved;
  } catch (cause) {
    throw new Error(
      `The embedded PostgreSQL runs as the system user "${SYSTEM_USER}" (it refuses root), which cannot enter ` +
        `${parent}, and no folder for its cluster could be made under ${base}. ${WHAT_TO_DO}`,
      { cause },
    );
  }
}
