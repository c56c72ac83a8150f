import { dataRoomReportFileName } from '@plinth/domain/data-room-report';
import { errorTextFrom } from '@plinth/domain/format';
import { ApiError } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/download-file';

/** The name the server gives the CSV (its Content-Disposition), else the same name made here. */
const fileNameOf = (response: Response, projectTitle: string) =>
  /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
  dataRoomReportFileName(projectTitle, new Date());

/**
 * GET /projects/{id}/data-room-report.csv, saved by the browser under the server's file name. A
 * refusal rejects with the server's message, so the caller can say the export failed.
 */
export async function downloadDataRoomReport(projectId: string, projectTitle: string): Promise<string> {
  const response = await fetch(`/api/projects/${encodeURIComponent(projectId)}/data-room-report.csv`, {
    credentials: 'same-origin',
  });
  if (!response.ok) {
    throw new ApiError(response.status, errorTextFrom(response.status, await response.text()));
  }
  const fileName = fileNameOf(response, projectTitle);
  downloadBlob(await response.blob(), fileName);
  return fileName;
}
