import { describe, expect, it } from 'vitest';
import {
  type BudgetLineInput,
  budgetCategories,
  carriesRetention,
  checkBudget,
  fundedBy,
} from '../../src/facility/budget';

const good: BudgetLineInput = {
  code: 'C01',
  name: 'Main works',
  category: 'construction',
  amount_cents: 100n,
  funded_by: 'debt',
};

describe('checkBudget', () => {
  it('the lists the API accepts', () => {
    expect(budgetCategories).toEqual([
      'land',
      'construction',
      'contingency',
      'professional_fees',
      'statutory',
      'marketing',
      'finance',
      'other',
    ]);
    expect(fundedBy).toEqual(['debt', 'equity']);
    expect(budgetCategories.filter(carriesRetention)).toEqual(['construction']);
  });
  it('accepts a good budget (amounts as bigint, number or digit string)', () => {
    expect(
      checkBudget([
        good,
        { ...good, code: 'L01', category: 'land', amount_cents: '250000000', funded_by: 'equity' },
        { ...good, code: 'F', amount_cents: 7 },
      ]),
    ).toEqual([]);
  });
  it('refuses an empty budget', () => {
    expect(checkBudget([])).toEqual([
      { index: -1, field: 'lines', message: 'A budget needs at least one line' },
    ]);
  });
  it('codes are unique ignoring case and spaces', () => {
    expect(checkBudget([good, { ...good, code: ' c01 ' }])).toEqual([
      { index: 1, field: 'code', message: 'Line 2: the code c01 is already used by line 1' },
    ]);
  });
  it('every field is checked, one message per problem', () => {
    expect(
      checkBudget([{ code: '', name: ' ', category: 'roofing', amount_cents: 0n, funded_by: 'grant' }]).map(
        (e) => e.message,
      ),
    ).toEqual([
      'Line 1: the code is missing',
      'Line 1: the name is missing',
      'Line 1: the category must be one of land, construction, contingency, professional_fees, statutory, marketing, finance, other',
      'Line 1: funded by must be debt or equity',
      'Line 1: the amount must be a whole number of cents above zero',
    ]);
    expect(checkBudget([{ ...good, amount_cents: 1.5 }]).map((e) => e.message)).toEqual([
      'Line 1: the amount must be a whole number of cents above zero',
    ]);
    expect(checkBudget([{ ...good, amount_cents: '-5' }]).map((e) => e.message)).toEqual([
      'Line 1: the amount must be a whole number of cents above zero',
    ]);
    expect(checkBudget([{ ...good, amount_cents: 10n ** 12n + 1n }]).map((e) => e.message)).toEqual([
      'Line 1: the amount is larger than $10,000,000,000',
    ]);
    expect(checkBudget([{ ...good, code: 'X'.repeat(33) }]).map((e) => e.message)).toEqual([
      'Line 1: the code is longer than 32 characters',
    ]);
  });
});
