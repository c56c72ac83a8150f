import { describe, expect, it } from 'vitest';
import { paymentScheduleDue } from '../../src/facility/sop-clock';

describe('paymentScheduleDue', () => {
  // Friday 12 December 2025 at 19:00 in Sydney (AEDT, +11:00) is 08:00 UTC.
  const served = '2025-12-12T08:00:00.000Z';
  it('golden: a claim served Friday 12 December 2025 at 19:00 Sydney time', () => {
    expect(paymentScheduleDue('VIC', served)).toBe('2025-12-30');
    expect(paymentScheduleDue('NSW', served)).toBe('2026-01-05');
    expect(paymentScheduleDue('QLD', served)).toBe('2026-01-23');
  });
});
