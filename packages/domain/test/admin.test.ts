import { describe, expect, it } from 'vitest';
import { rejectionPaymentStateLabel, rejectionPaymentStates } from '../src/admin';

describe('rejectionPaymentStateLabel', () => {
  it("rejectionPaymentStateLabel: 'paid_but_rejected' reads as the fee received and the project Rejected", () => {
    expect(rejectionPaymentStateLabel('paid_but_rejected')).toBe(
      'Listing fee received (project status: Rejected)',
    );
  });

  it("rejectionPaymentStateLabel: 'returned_to_draft' reads as the fee not received and the project a Draft", () => {
    expect(rejectionPaymentStateLabel('returned_to_draft')).toBe(
      'Listing fee not received (project status: Draft)',
    );
  });

  it('rejectionPaymentStateLabel: no state is shown as its token', () => {
    for (const state of rejectionPaymentStates) {
      expect(rejectionPaymentStateLabel(state)).not.toMatch(/_/);
    }
  });
});
