import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';

/**
 * A pass-through that counts the bytes and hashes them (sha-256) as a file streams to storage, so
 * every FileStorage reports what it stored without holding the file.
 */
export function meteredStream() {
  const hash = createHash('sha256');
  let sizeBytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      sizeBytes += chunk.length;
      callback(null, chunk);
    },
  });
  return { stream, result: () => ({ sizeBytes, sha256: hash.digest('hex') }) };
}
