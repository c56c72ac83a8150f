import type { ProjectDetailResponse } from '@plinth/domain/marketplace';

export type ProjectPreviewView = Extract<ProjectDetailResponse, { view: 'preview' }>;

/**
 * GET /projects/{id} answers a funder without granted access with the preview fields only
 * (`view: 'preview'`); the whole file otherwise (`view: 'full'`).
 */
export const isPreviewView = (detail: object): detail is ProjectPreviewView =>
  'view' in detail && detail.view === 'preview';
