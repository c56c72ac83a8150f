import { type AccessStatus, accessStatuses, type ProjectDetailResponse } from '@plinth/domain/marketplace';

export type ProjectPreviewView = Extract<ProjectDetailResponse, { view: 'preview' }>;

/**
 * GET /projects/{id} answers a funder without granted access with the preview fields only
 * (`view: 'preview'`); the whole file otherwise (`view: 'full'`).
 */
export const isPreviewView = (detail: object): detail is ProjectPreviewView =>
  'view' in detail && detail.view === 'preview';

/**
 * The funder's own access request on a project they read in full (`view: 'full'` carries it; the
 * project client types the owner's shape, which lacks it): its status and id, or nulls.
 */
export function funderAccessOf(detail: object): {
  accessStatus: AccessStatus | null;
  accessRequestId: string | null;
} {
  const status = 'access_status' in detail ? detail.access_status : null;
  const id = 'access_request_id' in detail ? detail.access_request_id : null;
  return {
    accessStatus: accessStatuses.find((s) => s === status) ?? null,
    accessRequestId: typeof id === 'string' ? id : null,
  };
}
