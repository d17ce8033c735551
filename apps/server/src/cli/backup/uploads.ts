import fs from 'node:fs/promises';
import path from 'node:path';

/** The local uploads store of a data dir (modules/uploads/storage.ts: `uploads/{2 hex}/{key}`). */
export const uploadsRoot = (dataDir: string) => path.join(dataDir, 'uploads');

/**
 * The stored files under an uploads root, as paths relative to it: every file but those of the
 * folders that hold uploads in progress (`.tmp`, `.tus`: a client resumes or repeats those).
 */
export async function storedUploads(root: string): Promise<string[]> {
  const out: string[] = [];
  let shards;
  try {
    shards = await fs.readdir(root, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return out;
    throw err;
  }
  for (const shard of shards) {
    if (!shard.isDirectory() || shard.name.startsWith('.')) continue;
    for (const file of await fs.readdir(path.join(root, shard.name), { withFileTypes: true })) {
      if (file.isFile()) out.push(path.join(shard.name, file.name));
    }
  }
  return out.sort();
}

/**
 * Copies the stored uploads of `dataDir` into `backupDir/uploads` and answers their paths inside
 * the backup. Stored files are never rewritten (a new one is renamed into place whole), so each copy
 * is a whole file; one deleted meanwhile is left out.
 */
export async function copyUploads(dataDir: string, backupDir: string): Promise<string[]> {
  const from = uploadsRoot(dataDir);
  const copied: string[] = [];
  for (const rel of await storedUploads(from)) {
    const target = path.join(backupDir, 'uploads', rel);
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.copyFile(path.join(from, rel), target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    copied.push(path.join('uploads', rel));
  }
  return copied;
}

/** Copies the backup's uploads (manifest paths under `uploads/`) into `dataDir`'s store. */
export async function restoreUploads(backupDir: string, files: string[], dataDir: string): Promise<void> {
  for (const rel of files) {
    const parts = rel.split('/');
    const target = path.join(dataDir, ...parts);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.copyFile(path.join(backupDir, ...parts), target);
  }
}

/** Removes the stored uploads of `dataDir` (restore --force), leaving the in-progress folders. */
export async function removeUploads(dataDir: string): Promise<void> {
  const root = uploadsRoot(dataDir);
  let shards;
  try {
    shards = await fs.readdir(root, { withFileTypes: true });
  } catch {
    return;
  }
  for (const shard of shards) {
    if (shard.isDirectory() && !shard.name.startsWith('.'))
      await fs.rm(path.join(root, shard.name), { recursive: true, force: true });
  }
}
