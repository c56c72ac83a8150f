import type { AuditAction } from '@plinth/domain/audit';

/**
 * The audit actions of presales and settlements (decision 062). Their labels belong in
 * packages/domain/src/audit.ts (auditActionLabels), which this work does not own: until they are
 * added there, the admin's history reads them through auditActionLabel's fallback ('Presale
 * created'), and the keys are typed here by hand.
 */
export const presaleAudit = {
  created: 'presale.created' as AuditAction,
  imported: 'presale.imported' as AuditAction,
  removed: 'presale.removed' as AuditAction,
  settingsChanged: 'presale.settings_changed' as AuditAction,
  settled: 'presale.settled' as AuditAction,
  facilityRepaid: 'facility.repaid' as AuditAction,
};
