import { notifications } from '@mantine/notifications';
import { documentMessages } from '@plinth/domain/documents';
import { downloadBlob } from './download-file';

/**
 * A stored document read through its authorised URL (the session cookie goes with it). A refusal,
 * a missing file or a dropped connection rejects, so the caller can say so instead of leaving a
 * broken frame or a saved error page.
 */
async function fetchStoredFile(url: string): Promise<Blob> {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.blob();
}

/** Downloads a document under its own name; a failure says 'Download Failed' (spec 001 section 8). */
export async function downloadStoredFile(url: string, fileName: string): Promise<boolean> {
  try {
    downloadBlob(await fetchStoredFile(url), fileName);
    return true;
  } catch {
    notifications.show({
      color: 'red',
      title: documentMessages.downloadFailedTitle,
      message: documentMessages.downloadFailed,
    });
    return false;
  }
}

/**
 * A document's inline view as an object URL for the preview frame (one read, so it is counted as
 * one view); null, after saying 'Preview Failed', when it cannot be read. The caller revokes it.
 */
export async function previewUrlOf(url: string): Promise<string | null> {
  try {
    return URL.createObjectURL(await fetchStoredFile(url));
  } catch {
    notifications.show({
      color: 'red',
      title: documentMessages.previewFailedTitle,
      message: documentMessages.previewFailed,
    });
    return null;
  }
}
