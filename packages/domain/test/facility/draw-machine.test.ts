import { describe, expect, it } from 'vitest';
import {
  type DrawAction,
  type DrawState,
  drawActionActor,
  drawActions,
  drawStates,
  isDrawEditable,
  legalDrawActions,
  nextDrawState,
} from '../../src/facility/draw-machine';

// The whole table of legal moves (issue 33): anything not listed here must be refused.
const legal: Record<string, DrawState> = {
  'draft submit': 'submitted',
  'draft cancel': 'cancelled',
  'submitted certify': 'certified',
  'submitted return': 'returned',
  'submitted reject': 'rejected',
  'certified approve': 'approved',
  'certified return': 'returned',
  'certified reject': 'rejected',
  'approved fund': 'funded',
  'approved reject': 'rejected',
  'returned submit': 'submitted',
  'returned cancel': 'cancelled',
};

describe('nextDrawState', () => {
  for (const state of drawStates)
    for (const action of drawActions) {
      const to = legal[`${state} ${action}`];
      if (to)
        it(`${state} + ${action}: moves to ${to}`, () => {
          expect(nextDrawState(state, action)).toEqual({ ok: true, state: to });
        });
      else
        it(`${state} + ${action}: refused with a message`, () => {
          const move = nextDrawState(state, action);
          expect(move.ok).toBe(false);
          if (!move.ok) expect(move.message).toMatch(/^(This draw is|Only an? )/);
        });
    }

  it('messages name the rule and the current state', () => {
    expect(nextDrawState('draft', 'certify')).toEqual({
      ok: false,
      message: 'Only a submitted draw can be certified; this draw is a draft',
    });
    expect(nextDrawState('submitted', 'fund')).toEqual({
      ok: false,
      message: 'Only an approved draw can be funded; this draw is submitted',
    });
    expect(nextDrawState('draft', 'reject')).toEqual({
      ok: false,
      message: 'Only a submitted, certified or approved draw can be rejected; this draw is a draft',
    });
    expect(nextDrawState('approved', 'cancel')).toEqual({
      ok: false,
      message: 'Only a draft or returned draw can be cancelled; this draw is approved',
    });
    expect(nextDrawState('certified', 'submit')).toEqual({
      ok: false,
      message: 'This draw is already certified',
    });
    expect(nextDrawState('funded', 'reject')).toEqual({
      ok: false,
      message: 'This draw is funded and can no longer change',
    });
  });

  it('legalDrawActions lists exactly the legal table', () => {
    const fromTable = (s: DrawState) =>
      drawActions.filter((a: DrawAction) => legal[`${s} ${a}`] !== undefined);
    for (const s of drawStates) expect(legalDrawActions(s)).toEqual(fromTable(s));
  });

  it('actors: the developer submits and cancels, the surveyor certifies, the funder decides', () => {
    expect(drawActionActor).toEqual({
      submit: 'developer',
      certify: 'surveyor',
      approve: 'funder',
      return: 'funder',
      reject: 'funder',
      fund: 'funder',
      cancel: 'developer',
    });
  });

  it('only drafts and returned draws are editable', () => {
    expect(drawStates.filter(isDrawEditable)).toEqual(['draft', 'returned']);
  });
});
