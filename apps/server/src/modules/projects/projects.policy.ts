import type { Viewer } from '../../auth/guards';

/** Who may read a project's whole file: its owner and admins (approved funders from the access issue on). */
export const canReadWholeProject = (viewer: Viewer, project: { borrower_id: string }) =>
  viewer.role === 'admin' || project.borrower_id === viewer.id;

export const isOwner = (viewer: Viewer, project: { borrower_id: string }) =>
  project.borrower_id === viewer.id;
