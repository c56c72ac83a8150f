import { marketplaceMessages, type ProjectPreview } from '@plinth/domain/marketplace';

/** 'Carlton, VIC'; 'Location TBD' when the listing has no suburb (spec 000 section 2). */
export const previewPlace = (p: Pick<ProjectPreview, 'suburb' | 'state'>) =>
  p.suburb ? [p.suburb, p.state].filter(Boolean).join(', ') : marketplaceMessages.locationTbd;

/** Project size in square metres, or '—' when the developer left it out. */
export const previewSize = (sqm: number | null) => (sqm == null ? '—' : `${sqm.toLocaleString('en-AU')} sqm`);

/** The development stage, Planning when none is set (spec 001 section 9). */
export const previewStage = (stage: ProjectPreview['development_stage'] | null | undefined) =>
  stage ?? 'Planning';

/** What the developer's approval unlocks (spec 000 section 2, project preview modal). */
export const unlockedAfterApproval = [
  'Full project description',
  'Financials and feasibility',
  'Project documents',
  "Developer's name and contact details",
] as const;
