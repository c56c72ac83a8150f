import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';

/** The archive's first entry: what the snapshot held, and a checksum for every other entry. */
export const MANIFEST_NAME = 'manifest.json';
export const MANIFEST_FORMAT = 'plinth-backup';
export const MANIFEST_VERSION = 1;

/** A stored upload the snapshot's rows name, with the size and SHA-256 those rows recorded. */
export interface StoredFileFact {
  key: string;
  sizeBytes: number;
  sha256: string;
}

/** Read inside the snapshot itself, so they describe exactly the data the archive holds. */
export interface SnapshotFacts {
  /** Rows per table of the application's schema. */
  tables: Record<string, number>;
  /** The last migration applied: a restore into an older Plinth would not know the schema. */
  migration: string | null;
  files: StoredFileFact[];
}

export interface ArchiveEntry {
  /** Path inside the archive ('db/…', 'files/<key>', 'auth-secret'). */
  path: string;
  sizeBytes: number;
  sha256: string;
}

export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  version: typeof MANIFEST_VERSION;
  createdAt: string;
  database: {
    /** 'pglite': the embedded data folder, copied whole; 'postgres': a pg_dump custom-format archive. */
    kind: 'pglite' | 'postgres';
    /** PostgreSQL only: the schema the dump holds. */
    schema?: string;
    /** PostgreSQL only: the extensions the database had (a schema's dump leaves them out). */
    extensions?: string[];
    migration: string | null;
    tables: Record<string, number>;
  };
  files: StoredFileFact[];
  /** Every entry of the archive but the manifest, each with its checksum. */
  entries: ArchiveEntry[];
}

export async function sha256OfFile(path: string): Promise<{ sha256: string; sizeBytes: number }> {
  const hash = createHash('sha256');
  let sizeBytes = 0;
  await pipeline(createReadStream(path), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      hash.update(chunk);
      sizeBytes += chunk.length;
    }
  });
  return { sha256: hash.digest('hex'), sizeBytes };
}

export class BackupError extends Error {}

/** Refuses an archive that is not one of ours, or of a format this version cannot read. */
export function parseManifest(text: string): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text) as Manifest;
  } catch {
    throw new BackupError('The archive has no readable manifest.json: it is not a Plinth backup.');
  }
  if (manifest.format !== MANIFEST_FORMAT) {
    throw new BackupError('The archive is not a Plinth backup (its manifest names another format).');
  }
  if (manifest.version !== MANIFEST_VERSION) {
    throw new BackupError(
      `The archive is a Plinth backup of format version ${manifest.version}; this version reads ${MANIFEST_VERSION}.`,
    );
  }
  return manifest;
}
