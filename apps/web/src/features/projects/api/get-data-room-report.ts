import type { DataRoomReport } from '@plinth/domain/data-room-report';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Under ['projects'], so what refreshes the project's deals and quotes refreshes the report too. */
export const dataRoomReportQueryKey = (projectId: string) =>
  ['projects', 'data-room-report', projectId] as const;

export const getDataRoomReport = (projectId: string) =>
  api<DataRoomReport>(`/projects/${encodeURIComponent(projectId)}/data-room-report`);

export const dataRoomReportQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: dataRoomReportQueryKey(projectId),
    queryFn: () => getDataRoomReport(projectId),
  });

/**
 * GET /projects/{id}/data-room-report: per funder who asked for the file, the undertaking, what they
 * opened and what they quoted (the project's developer and admins).
 */
export const useDataRoomReport = (projectId: string) => useQuery(dataRoomReportQueryOptions(projectId));
