import { describe, expect, it } from 'vitest';
import {
  auditActionLabel,
  auditActionLabels,
  auditActions,
  auditTargetTypeLabel,
  auditTargetTypeLabels,
} from '../src/audit';

// The server's recordAudit takes only AuditAction keys (a type from this list), so every key it
// writes is one of these; apps/server/test/override-history.test.ts checks the keys it wrote too.

describe('auditActionLabel', () => {
  it('auditActionLabels: every action key has a label in words (no dots, no underscores, capitalised)', () => {
    expect(auditActions.length).toBeGreaterThanOrEqual(29);
    for (const action of auditActions) {
      const label = auditActionLabel(action);
      expect(label, action).toBe(auditActionLabels[action]);
      expect(label, action).not.toMatch(/[._]/);
      expect(label, action).toMatch(/^[A-Z]/);
    }
  });

  it('auditActionLabels: no two keys read the same', () => {
    const labels = Object.values(auditActionLabels);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it.each([
    ['project.force_published', 'Project force published'],
    ['funder.force_approved', 'Funder force approved'],
    ['project.reverted_to_draft', 'Project returned to draft'],
    ['subscription.payment_failed', 'Subscription payment marked as failed'],
    ['user.approved', 'User approved'],
  ])("auditActionLabel: with '%s' returns '%s'", (action, label) => {
    expect(auditActionLabel(action)).toBe(label);
  });

  it.each([
    ['variation.incorporated', 'Variation incorporated in the budget'],
    ['reallocation.decided', 'Budget reallocation decided'],
    ['facility.retention_released', 'Retention released to the builder'],
    ['presale.removed', 'Presale removed from the register'],
    ['presale.settled', 'Presale settled (lot discharged)'],
    ['facility.repaid', 'Facility repaid'],
    ['facility.covenants_set', 'Covenants set'],
    ['facility.valuation_recorded', 'Valuation recorded'],
    ['facility.default_declared', 'Event of default declared'],
    ['facility.default_cured', 'Event of default cured'],
  ])("auditActionLabel: issue 34's '%s' has its own words, '%s'", (action, label) => {
    expect(Object.hasOwn(auditActionLabels, action), action).toBe(true);
    expect(auditActionLabel(action)).toBe(label);
  });

  it("auditActionLabel: with a key no longer written returns it in words ('deal.force_completed' → 'Deal force completed')", () => {
    expect(auditActionLabel('deal.force_completed')).toBe('Deal force completed');
  });

  it('auditActionLabel: with an inherited property name returns words, not a function', () => {
    expect(auditActionLabel('constructor')).toBe('Constructor');
    expect(auditActionLabel('toString')).toBe('ToString');
  });
});

describe('auditTargetTypeLabel', () => {
  it('auditTargetTypeLabel: users and subscriptions are people; projects, payments and access requests by name', () => {
    expect(Object.keys(auditTargetTypeLabels).sort()).toEqual(
      [
        'access_request',
        'deal',
        'draw',
        'facility',
        'payment',
        'platform',
        'project',
        'proposal',
        'setting',
        'subscription',
        'undertaking',
        'user',
      ].sort(),
    );
    expect(auditTargetTypeLabel('user')).toBe('Person');
    expect(auditTargetTypeLabel('subscription')).toBe('Subscription');
    expect(auditTargetTypeLabel('project')).toBe('Project');
    expect(auditTargetTypeLabel('access_request')).toBe('Access request');
    expect(auditTargetTypeLabel('setting')).toBe('System setting');
    expect(auditTargetTypeLabel('platform')).toBe('Platform');
    expect(auditTargetTypeLabel('undertaking')).toBe('Confidentiality undertaking');
    expect(auditTargetTypeLabel('deal_room')).toBe('Deal room');
    expect(auditTargetTypeLabel('facility')).toBe('Facility');
    expect(auditTargetTypeLabel('draw')).toBe('Draw');
  });
});
