import {
  createReadStream,
  createWriteStream,
  type Dirent,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import { type ArchiveEntry, BackupError, MANIFEST_NAME, type Manifest, sha256OfFile } from './manifest';

/** Every file under `dir` (paths relative to it, with '/'), the manifest left out. */
function filesUnder(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .filter((path) => path !== MANIFEST_NAME)
    .sort();
}

export async function checksumEntries(dir: string): Promise<ArchiveEntry[]> {
  const entries: ArchiveEntry[] = [];
  for (const path of filesUnder(dir)) entries.push({ path, ...(await sha256OfFile(join(dir, path))) });
  return entries;
}

/**
 * Writes the staging folder as one gzipped tar: the manifest first, then the rest. It is written
 * beside `file` and renamed into place only once complete, readable by its owner only (it holds
 * password hashes, documents and, for the embedded database, the auth secret).
 */
export async function writeArchive(dir: string, manifest: Manifest, file: string) {
  writeFileSync(join(dir, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
  const partial = `${file}.partial`;
  const tops = readdirSync(dir)
    .filter((name) => name !== MANIFEST_NAME)
    .sort();
  try {
    await pipeline(
      tar.create({ gzip: true, cwd: dir, portable: true }, [MANIFEST_NAME, ...tops]),
      createWriteStream(partial, { mode: 0o600 }),
    );
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/**
 * Unpacks the archive into `dir` and checks it: every entry the manifest lists is there with its
 * checksum, nothing else is, and every file the rows name is among them.
 */
export async function readArchive(file: string, dir: string, parse: (text: string) => Manifest) {
  try {
    // tar refuses absolute paths and '..' by default; owners are never taken from the archive.
    await pipeline(createReadStream(file), tar.extract({ cwd: dir, preserveOwner: false, strict: true }));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupError(`No such file: ${file}`);
    throw new BackupError(`The archive ${file} could not be read: ${(error as Error).message}`);
  }
  let text: string;
  try {
    text = readFileSync(join(dir, MANIFEST_NAME), 'utf8');
  } catch {
    throw new BackupError('The archive has no manifest.json: it is not a Plinth backup.');
  }
  const manifest = parse(text);
  const found = await checksumEntries(dir);
  const expected = new Map(manifest.entries.map((entry) => [entry.path, entry]));
  for (const entry of found) {
    const listed = expected.get(entry.path);
    if (!listed) throw new BackupError(`The archive holds ${entry.path}, which its manifest does not list.`);
    if (listed.sha256 !== entry.sha256 || listed.sizeBytes !== entry.sizeBytes) {
      throw new BackupError(
        `The archive's ${entry.path} does not match its checksum: the archive is damaged.`,
      );
    }
    expected.delete(entry.path);
  }
  if (expected.size > 0) {
    throw new BackupError(
      `The archive lacks ${[...expected.keys()][0]}, which its manifest lists: the archive is incomplete.`,
    );
  }
  const byPath = new Map(found.map((entry) => [entry.path, entry]));
  const missing = manifest.files.find((f) => byPath.get(`files/${f.key}`)?.sha256 !== f.sha256);
  if (missing) {
    throw new BackupError(
      `The archive lacks the stored file ${missing.key} that its rows name, or holds another.`,
    );
  }
  return manifest;
}
