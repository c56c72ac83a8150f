import { randomUUID } from 'node:crypto';

// A key is one plain file name: letters, digits, '-' and '_', and at most one extension. No path
// separator, no '..', no leading dot, so a key can never point outside the storage folder.
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}(\.[A-Za-z0-9]{1,10})?$/;

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 80))}`);
  }
}

export function assertStorageKey(key: string): string {
  if (key.includes('/') || key.includes('\\') || key.includes('..') || !KEY_PATTERN.test(key)) {
    throw new InvalidStorageKeyError(key);
  }
  return key;
}

/**
 * A fresh key made by the server: a random uuid plus an extension from the accepted list. The
 * client's file name never takes part in it.
 */
export function newStorageKey(extension: string): string {
  return assertStorageKey(`${randomUUID()}.${extension}`);
}
