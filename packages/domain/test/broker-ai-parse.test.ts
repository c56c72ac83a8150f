import { describe, expect, it } from 'vitest';
import { findQuantities, parseQuantities } from '../src/broker-ai/parse';

const only = (text: string) => {
  const found = findQuantities(text);
  expect(found).toHaveLength(1);
  return found[0]!;
};

describe('broker-ai parse: amounts', () => {
  const amounts: [string, number][] = [
    ['$4.5m', 4_500_000],
    ['$4.5M', 4_500_000],
    ['4.5m', 4_500_000],
    ['$4.5 m', 4_500_000],
    ['4,500,000', 4_500_000],
    ['$4,500,000', 4_500_000],
    ['4500000', 4_500_000],
    ['4.5 million', 4_500_000],
    ['$4.5 million dollars', 4_500_000],
    ['4.5 mil', 4_500_000],
    ['4.5mn', 4_500_000],
    ['$850k', 850_000],
    ['850k', 850_000],
    ['850 thousand', 850_000],
    ['$850,000', 850_000],
    ['A$3.2m', 3_200_000],
    ['AUD 3.2m', 3_200_000],
    ['$1.25bn', 1_250_000_000],
    ['$1,234,567.50', 1_234_567.5],
    ['$500', 500],
  ];
  it.each(amounts)('reads %s as %d dollars', (text, value) => {
    const q = only(text);
    expect(q.kind).toBe('amount');
    expect(q.value).toBeCloseTo(value, 6);
  });
  it('a bare small number is not money (a number of lots is a count: issue 35)', () => {
    expect(findQuantities('I have 3 lots').filter((q) => q.kind === 'amount')).toEqual([]);
    expect(findQuantities('I have 3 lots')).toMatchObject([{ kind: 'count', value: 3 }]);
  });
});

describe('broker-ai parse: rates', () => {
  const rates: [string, number][] = [
    ['9%', 9],
    ['9 %', 9],
    ['9.5%', 9.5],
    ['9 per cent', 9],
    ['9.25 percent', 9.25],
    ['9percent', 9],
    ['12.5 pct', 12.5],
    ['.5%', 0.5],
  ];
  it.each(rates)('reads %s as %d percent', (text, value) => {
    const q = only(text);
    expect(q.kind).toBe('rate');
    expect(q.value).toBe(value);
  });
});

describe('broker-ai parse: terms and multiples', () => {
  const terms: [string, number][] = [
    ['18 months', 18],
    ['18 month', 18],
    ['18mths', 18],
    ['24-month', 24],
    ['2 years', 24],
    ['1.5 years', 18],
    ['3 yrs', 36],
  ];
  it.each(terms)('reads %s as %d months', (text, value) => {
    const q = only(text);
    expect(q.kind).toBe('term');
    expect(q.value).toBe(value);
  });
  it('reads 1.5x as a multiple', () => {
    expect(only('1.5x')).toMatchObject({ kind: 'multiple', value: 1.5 });
  });
});

describe('broker-ai parse: labels', () => {
  const labelled = (text: string) => parseQuantities(text).map((q) => [q.kind, q.value, q.label]);
  it("'$2.6m loan on $4.0m land' pairs the words that follow their figures", () => {
    expect(labelled('What is the LVR of a $2.6m loan on $4.0m land?')).toEqual([
      ['amount', 2_600_000, 'loan'],
      ['amount', 4_000_000, 'land'],
    ]);
  });
  it("'cost $10m revenue $12.5m' pairs the words that precede their figures", () => {
    expect(labelled('hurdle 18%; cost $10m revenue $12.5m')).toEqual([
      ['rate', 18, 'hurdle'],
      ['amount', 10_000_000, 'cost'],
      ['amount', 12_500_000, 'revenue'],
    ]);
  });
  it('purchase and sale prices', () => {
    expect(labelled('site bought for $1.5m and sold for $2.4m')).toEqual([
      ['amount', 1_500_000, 'purchase'],
      ['amount', 2_400_000, 'sale'],
    ]);
  });
  it('land worth $850k, borrow 600k', () => {
    expect(labelled('land worth $850k, borrow 600k')).toEqual([
      ['amount', 850_000, 'land'],
      ['amount', 600_000, 'loan'],
    ]);
  });
  it('lender limits: 65% of GRV and 80% of cost', () => {
    expect(labelled('max loan 65% of GRV and 80% of cost, GRV $20m, TDC $15m')).toEqual([
      ['rate', 65, 'grv'],
      ['rate', 80, 'cost'],
      ['amount', 20_000_000, 'grv'],
      ['amount', 15_000_000, 'cost'],
    ]);
  });
  it('a loan of 4,500,000 at 9 per cent over 2 years', () => {
    expect(labelled('loan of 4,500,000 at 9 per cent over 2 years')).toEqual([
      ['amount', 4_500_000, 'loan'],
      ['rate', 9, null],
      ['term', 24, null],
    ]);
  });
  it('interest at 9.5% p.a. names the rate (the word before; p.a. only says its period)', () => {
    expect(labelled('interest at 9.5% p.a. on $3m')[0]).toEqual(['rate', 9.5, 'interest']);
    expect(labelled('line fee of 1.2% pa on $10m')[0]).toEqual(['rate', 1.2, 'lineFee']);
  });
  it('a word never names a figure across a sentence', () => {
    expect(labelled('I need a loan. It is $3m')[0]).toEqual(['amount', 3_000_000, null]);
  });
});
