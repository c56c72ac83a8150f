import { describe, expect, it } from 'vitest';
import {
  isFinalVariationState,
  isOpenVariationState,
  legalVariationActions,
  nextVariationState,
  type VariationAction,
  type VariationState,
  variationActionActor,
  variationStates,
  variationTransitions,
} from '../../src/facility/variation-machine';

// The whole table of legal moves (issue 34 item 1, decision 061): anything not listed is refused.
const legal: Record<string, VariationState> = {
  'proposed assess': 'assessed',
  'proposed withdraw': 'withdrawn',
  'assessed approve': 'developer_approved',
  'assessed withdraw': 'withdrawn',
  'developer_approved lender_approve': 'lender_approved',
  'developer_approved lender_reject': 'lender_rejected',
  'developer_approved withdraw': 'withdrawn',
  'developer_approved incorporate': 'incorporated',
  'lender_approved incorporate': 'incorporated',
};
const actions = Object.keys(variationTransitions) as VariationAction[];

describe('nextVariationState', () => {
  for (const state of variationStates)
    for (const action of actions) {
      const to = legal[`${state} ${action}`];
      if (to)
        it(`${state} + ${action}: moves to ${to}`, () => {
          expect(nextVariationState(state, action)).toEqual({ ok: true, state: to });
        });
      else
        it(`${state} + ${action}: refused with a message naming the state`, () => {
          const move = nextVariationState(state, action);
          expect(move.ok).toBe(false);
          if (!move.ok) expect(move.message).toMatch(/this variation is|can no longer change/);
        });
    }

  it.each([
    [
      'proposed',
      'approve',
      'Only a variation the quantity surveyor has assessed can be approved by the developer; this variation is proposed',
    ],
    ['assessed', 'assess', 'Only a proposed variation can be assessed; this variation is assessed'],
    [
      'proposed',
      'lender_approve',
      "Only a variation awaiting the lender's consent can be approved by the lender; this variation is proposed",
    ],
    [
      'assessed',
      'lender_reject',
      "Only a variation awaiting the lender's consent can be rejected by the lender; this variation is assessed",
    ],
    [
      'lender_approved',
      'withdraw',
      'Only an open variation (proposed, assessed or awaiting the lender) can be withdrawn; this variation is approved by the lender',
    ],
    ['proposed', 'incorporate', 'Only an approved variation can be incorporated; this variation is proposed'],
    ['incorporated', 'withdraw', 'This variation is incorporated and can no longer change'],
    ['lender_rejected', 'approve', 'This variation is rejected by the lender and can no longer change'],
    ['withdrawn', 'assess', 'This variation is withdrawn and can no longer change'],
  ] as const)('%s + %s: "%s"', (state, action, message) => {
    expect(nextVariationState(state, action)).toEqual({ ok: false, message });
  });
});

describe('the parts and the open states', () => {
  it('the surveyor assesses, the developer approves and withdraws, the funder consents or rejects', () => {
    expect(variationActionActor).toEqual({
      assess: 'surveyor',
      approve: 'developer',
      lender_approve: 'funder',
      lender_reject: 'funder',
      withdraw: 'developer',
      incorporate: 'system',
    });
  });

  it('final: incorporated, rejected by the lender, withdrawn; open (withdrawable): proposed, assessed, awaiting the lender', () => {
    expect(variationStates.filter(isFinalVariationState)).toEqual([
      'lender_rejected',
      'incorporated',
      'withdrawn',
    ]);
    expect(variationStates.filter(isOpenVariationState)).toEqual([
      'proposed',
      'assessed',
      'developer_approved',
    ]);
    for (const state of variationStates.filter(isFinalVariationState))
      expect(legalVariationActions(state)).toEqual([]);
    expect(legalVariationActions('developer_approved')).toEqual([
      'lender_approve',
      'lender_reject',
      'withdraw',
      'incorporate',
    ]);
  });
});
