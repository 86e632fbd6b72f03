import { randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { lstat, mkdir, open, readdir, realpath, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, privateDir } from '../private-files.ts';
import { type BlobEntry, type BlobStore, parseBlobKey, UnsafeBlobKeyError } from './blob-store.ts';

function isErrnoException(error: unknown, ...codes: string[]): boolean {
  return error instanceof Error && 'code' in error && codes.includes(String(error.code));
}

/** The keys of the files under `dir`, depth first. */
async function walk(dir: string, keyPrefix: string, out: string[]): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isErrnoException(error, 'ENOENT', 'ENOTDIR')) return;
    throw error;
  }
  for (const entry of entries) {
    // Dot names are temporary files of unfinished writes; symlinks are never followed.
    if (entry.name.startsWith('.')) continue;
    const key = keyPrefix + entry.name;
    if (entry.isDirectory()) await walk(path.join(dir, entry.name), `${key}/`, out);
    else if (entry.isFile()) out.push(key);
  }
}

/** Writes beside the target (one filesystem, so the rename is atomic) and renames: a reader sees all or nothing. */
async function writeAtomically(dir: string, name: string, data: Parameters<BlobStore['put']>[1]): Promise<void> {
  const file = path.join(dir, name);
  const temp = path.join(dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx', PRIVATE_FILE_MODE);
  try {
    if (Buffer.isBuffer(data)) await handle.writeFile(data);
    else for await (const chunk of data) await handle.write(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    // Flushed before the rename, so a crash never leaves a renamed but empty file.
    await handle.sync();
    await handle.close();
    await rename(temp, file);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}

/**
 * Blobs as files under `rootDir`. Besides refusing unsafe keys, every access resolves symlinks and refuses a
 * path that lands outside the root, so a link planted inside the media folder cannot expose the rest of the disk.
 */
export function createDiskBlobStore(rootDir: string): BlobStore {
  const root = path.resolve(rootDir);
  let realRootPromise: Promise<string> | undefined;

  // Resolved lazily and once: the root may not exist until the first write creates it. Owner-only, narrowed when
  // an older version left it open: it holds unpublished pictures and the original videos (issue 18, finding 8),
  // which only the server hands out, to those allowed, through signed URLs.
  async function realRoot(): Promise<string> {
    realRootPromise ??= privateDir(root)
      // A root someone else owns (a mounted volume) cannot be narrowed by us: its owner sets its mode.
      .catch((error: unknown) => {
        if (!isErrnoException(error, 'EPERM')) throw error;
      })
      .then(() => realpath(root));
    return realRootPromise;
  }

  /** The target's real path, refused when a symlink takes it outside the root. */
  async function resolveInside(key: string, target: string): Promise<string> {
    const base = await realRoot();
    const real = await realpath(target);
    if (real !== base && !real.startsWith(base + path.sep)) {
      throw new UnsafeBlobKeyError(key, 'resolves outside the store');
    }
    return real;
  }

  /** The file's real path, or null when nothing is there. */
  async function locate(key: string): Promise<string | null> {
    const file = path.join(root, ...parseBlobKey(key));
    try {
      return await resolveInside(key, file);
    } catch (error) {
      if (isErrnoException(error, 'ENOENT', 'ENOTDIR')) return null;
      throw error;
    }
  }

  async function openFile(key: string) {
    const file = await locate(key);
    if (!file) return null;
    const handle = await open(file, 'r');
    const stats = await handle.stat();
    if (!stats.isFile()) {
      await handle.close();
      return null;
    }
    return { handle, size: stats.size };
  }

  /**
   * Creates the directories one level at a time, checking each: a recursive mkdir would follow a planted
   * symlink and create directories outside the root before any check could refuse it.
   */
  async function ensureDirectory(key: string, segments: string[]): Promise<string> {
    let dir = await realRoot();
    for (const segment of segments) {
      const next = path.join(dir, segment);
      try {
        await mkdir(next, PRIVATE_DIR_MODE);
      } catch (error) {
        if (!isErrnoException(error, 'EEXIST')) throw error;
      }
      dir = await resolveInside(key, next);
    }
    return dir;
  }

  async function listKeys(prefix: string): Promise<string[]> {
    // Only the part up to the last slash names directories to walk; the rest just filters the names found.
    const slash = prefix.lastIndexOf('/');
    const dirPart = slash === -1 ? '' : prefix.slice(0, slash);
    const dirSegments = dirPart === '' ? [] : parseBlobKey(dirPart);
    const dir = path.join(root, ...dirSegments);
    try {
      await resolveInside(prefix, dir);
    } catch (error) {
      if (isErrnoException(error, 'ENOENT', 'ENOTDIR')) return [];
      throw error;
    }
    const keys: string[] = [];
    await walk(dir, dirSegments.length ? `${dirSegments.join('/')}/` : '', keys);
    return keys.filter((key) => key.startsWith(prefix)).sort();
  }

  return {
    async put(key, data) {
      // The content type is not stored: on disk it follows from the extension when the file is served.
      const segments = parseBlobKey(key);
      const dir = await ensureDirectory(key, segments.slice(0, -1));
      await writeAtomically(dir, segments.at(-1)!, data);
    },

    async get(key) {
      const opened = await openFile(key);
      if (!opened) return null;
      return { stream: opened.handle.createReadStream(), size: opened.size };
    },

    async exists(key) {
      const opened = await openFile(key);
      if (!opened) return false;
      await opened.handle.close();
      return true;
    },

    async delete(key) {
      const file = path.join(root, ...parseBlobKey(key));
      try {
        // The parent is checked, not the file: unlinking a symlink removes the link, never its target.
        await resolveInside(key, path.dirname(file));
        await unlink(file);
      } catch (error) {
        if (isErrnoException(error, 'ENOENT', 'ENOTDIR')) return;
        throw error;
      }
    },

    list: listKeys,

    async listEntries(prefix) {
      const entries: BlobEntry[] = [];
      for (const key of await listKeys(prefix)) {
        try {
          // lstat, as the walk: a file the walk found is a regular file under the root, never a link.
          const stats = await lstat(path.join(root, ...parseBlobKey(key)));
          if (stats.isFile()) entries.push({ key, size: stats.size, modifiedAt: stats.mtime });
        } catch (error) {
          // Deleted between the walk and the stat: no longer a blob of the store.
          if (!isErrnoException(error, 'ENOENT', 'ENOTDIR')) throw error;
        }
      }
      return entries;
    },
  };
}
