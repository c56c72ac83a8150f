import { createReadStream, createWriteStream, mkdirSync, readdirSync } from 'node:fs';
import { copyFile, link, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createFileStorage } from '../adapters/storage/create-file-storage';
import { assertStorageKey } from '../adapters/storage/storage-key';
import type { Config } from '../config';
import { BackupError, type StoredFileFact, sha256OfFile } from './manifest';

/**
 * Puts a copy of every upload the snapshot's rows name into `dir`, and checks each against the size
 * and SHA-256 its row recorded. Run while the rows cannot change (decision 038): a document
 * replaced or deleted meanwhile would otherwise take its file away before it is copied.
 *
 * Local storage is hard-linked when the folder is on the same disk (instant, and a stored file is
 * never rewritten in place: a new upload gets a new key), copied otherwise; a bucket is downloaded.
 */
export async function copyStoredFiles(config: Config, files: StoredFileFact[], dir: string) {
  mkdirSync(dir, { recursive: true });
  const uploads = resolve(config.DATA_DIR, 'uploads');
  const storage = config.S3_BUCKET ? await createFileStorage(config) : null;
  for (const file of files) {
    const target = join(dir, assertStorageKey(file.key));
    try {
      if (storage) {
        await pipeline(await storage.get(file.key), createWriteStream(target, { mode: 0o600 }));
      } else {
        await link(join(uploads, file.key), target).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'EXDEV' && error.code !== 'EPERM') throw error;
          return copyFile(join(uploads, file.key), target);
        });
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      throw new BackupError(`The stored file ${file.key} that a document row names is missing.`);
    }
    const copy = await sha256OfFile(target);
    if (copy.sha256 !== file.sha256 || copy.sizeBytes !== file.sizeBytes) {
      throw new BackupError(
        `The stored file ${file.key} does not match its row (size or SHA-256 differ): it was changed or damaged.`,
      );
    }
  }
}

/** True when the restore target already holds uploads (a local folder with files, or a bucket with objects). */
export async function hasStoredFiles(config: Config): Promise<boolean> {
  if (!config.S3_BUCKET) {
    try {
      return readdirSync(resolve(config.DATA_DIR, 'uploads')).length > 0;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }
  const { ListObjectsV2Command } = await import('@aws-sdk/client-s3');
  const { createS3Client } = await import('../adapters/storage/s3-file-storage');
  const client = createS3Client(s3Options(config));
  const listed = await client.send(new ListObjectsV2Command({ Bucket: config.S3_BUCKET, MaxKeys: 1 }));
  return (listed.KeyCount ?? 0) > 0;
}

/** Puts the archive's files (already checked against the manifest) into the configured storage. */
export async function restoreStoredFiles(config: Config, dir: string): Promise<number> {
  const storage = await createFileStorage(config);
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  for (const name of names) await storage.put(assertStorageKey(name), createReadStream(join(dir, name)));
  return names.length;
}

function s3Options(config: Config) {
  return {
    bucket: config.S3_BUCKET!,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID!,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    endpoint: config.S3_ENDPOINT,
  };
}
