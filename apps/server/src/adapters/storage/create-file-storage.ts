import { resolve } from 'node:path';
import { type Config, ConfigError } from '../../config';
import type { FileStorage } from './file-storage';
import { createLocalFileStorage } from './local-file-storage';

/**
 * S3-compatible object storage when S3_BUCKET is set, otherwise the local folder DATA_DIR/uploads.
 * The S3 adapter (and the AWS SDK with it) is imported only then: it would cost the embedded
 * server's memory at rest for nothing (issue 12 item 8).
 */
export async function createFileStorage(config: Config): Promise<FileStorage> {
  if (!config.S3_BUCKET) return createLocalFileStorage(resolve(config.DATA_DIR, 'uploads'));
  // loadConfig has already refused a bucket without keys; this keeps a hand-made Config honest too.
  if (!config.S3_ACCESS_KEY_ID || !config.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(
      'Invalid environment configuration:\n  S3_ACCESS_KEY_ID: required (with S3_SECRET_ACCESS_KEY) when S3_BUCKET is set',
    );
  }
  const { createS3FileStorage } = await import('./s3-file-storage');
  return createS3FileStorage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    endpoint: config.S3_ENDPOINT,
  });
}
