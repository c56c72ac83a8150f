import type { AuditAction } from '@plinth/domain/audit';

/** The audit actions of presales and settlements (decision 062), keys of the domain's audit vocabulary. */
export const presaleAudit = {
  created: 'presale.created',
  imported: 'presale.imported',
  removed: 'presale.removed',
  settingsChanged: 'presale.settings_changed',
  settled: 'presale.settled',
  facilityRepaid: 'facility.repaid',
} as const satisfies Record<string, AuditAction>;
