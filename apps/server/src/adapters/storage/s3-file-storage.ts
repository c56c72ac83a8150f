import { pipeline, Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { FileStorage } from './file-storage';
import { meteredStream } from './metered-stream';
import { assertStorageKey } from './storage-key';

/** The smallest part S3 accepts (every part but the last); the part is what one request holds. */
export const S3_PART_SIZE = 5 * 1024 * 1024;
/** Parts in flight at once: memory per upload stays near (queue size + 1) × part size. */
export const S3_QUEUE_SIZE = 2;

export interface S3StorageOptions {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** An S3-compatible service (MinIO, R2, …); unset for AWS itself. Addressed path-style. */
  endpoint?: string;
}

/** An S3 client for these options: path-style addressing and checksums only where required when an endpoint is given. */
export function createS3Client(options: S3StorageOptions): S3Client {
  return new S3Client({
    region: options.region,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    ...(options.endpoint
      ? {
          endpoint: options.endpoint,
          forcePathStyle: true,
          // The SDK's default extra checksums (aws-chunked trailers) are not understood by every
          // S3-compatible service; AWS itself keeps the defaults.
          requestChecksumCalculation: 'WHEN_REQUIRED' as const,
          responseChecksumValidation: 'WHEN_REQUIRED' as const,
        }
      : {}),
  });
}

/** The error `get` throws for a key with no object: `code` 'ENOENT', as the local storage's. */
export class StoredFileMissingError extends Error {
  readonly code = 'ENOENT';
  constructor(key: string, cause: unknown) {
    super(`No stored file at ${key}`, { cause });
  }
}

const isNotFound = (error: unknown) => {
  const name = (error as { name?: string } | null)?.name;
  return name === 'NoSuchKey' || name === 'NotFound';
};

/**
 * Files as objects in one S3 bucket (keys as the local storage's: one plain name each). Streamed
 * both ways: `put` sends a multipart upload part by part (never the whole file in memory) and S3
 * makes the object visible only when the upload completes, so a failed `put` leaves nothing at the
 * key; its unfinished upload is aborted so no parts are kept (and billed).
 */
export function createS3FileStorage(
  options: S3StorageOptions,
  client = createS3Client(options),
): FileStorage {
  const Bucket = options.bucket;

  return {
    async put(key, body) {
      const Key = assertStorageKey(key);
      const { stream: meter, result } = meteredStream();
      // `pipeline` carries a failure of `body` (a size limit, a refused file, a broken request) to
      // the meter, so the upload reading it fails with that same error; and a failed upload, which
      // destroys the meter, destroys `body` as the local storage's pipeline does.
      pipeline(body, meter, () => {});
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: meter },
        partSize: S3_PART_SIZE,
        queueSize: S3_QUEUE_SIZE,
        // Aborted below, so the caller always gets the original error, never the abort's own.
        leavePartsOnError: true,
      });
      try {
        await upload.done();
      } catch (error) {
        meter.destroy();
        if (upload.uploadId) {
          await client
            .send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: upload.uploadId }))
            .catch(() => {
              // Nothing is visible at the key either way; a bucket lifecycle rule for incomplete
              // multipart uploads clears parts an abort could not (docs/decisions/022).
            });
        }
        throw error;
      }
      return result();
    },

    async get(key) {
      try {
        const { Body } = await client.send(new GetObjectCommand({ Bucket, Key: assertStorageKey(key) }));
        if (Body instanceof Readable) return Body;
        if (!Body) throw new Error(`S3 answered no body for ${key}`);
        return Readable.fromWeb(Body.transformToWebStream() as Parameters<typeof Readable.fromWeb>[0]);
      } catch (error) {
        if (isNotFound(error)) throw new StoredFileMissingError(key, error);
        throw error;
      }
    },

    async delete(key) {
      // S3 answers a delete of a missing key with success, as `rm --force` does.
      await client.send(new DeleteObjectCommand({ Bucket, Key: assertStorageKey(key) }));
    },

    async exists(key) {
      try {
        assertStorageKey(key);
      } catch {
        return false;
      }
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
  };
}
