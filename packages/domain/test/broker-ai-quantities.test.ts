import { describe, expect, it } from 'vitest';
import { readQuestion } from '../src/broker-ai/quantities';
import { digitsForWords } from '../src/broker-ai/words';

// The quantity reader (issue 21): numbers in every form, the words that name them (synonyms, in
// either order), and the what-if changes.

describe('broker-ai quantities: numbers in words', () => {
  const cases: [string, string][] = [
    ['four and a half million', '4.5 million'],
    ['two million', '2 million'],
    ['half a million', '0.5 million'],
    ['two hundred and fifty thousand', '250 thousand'],
    ['four point five million', '4.5 million'],
    ['2 and a half mil', '2.5 mil'],
    ['a year and a half', '18 months'],
    ['one and a half years', '1.5 years'],
    ['eighteen months', '18 months'],
    ['twenty-four months', '24 months'],
    ['for a year', 'for 1 year'],
    ['nine per cent', '9 per cent'],
  ];
  it.each(cases)('writes %s as %s', (text, digits) => {
    expect(digitsForWords(text)).toBe(digits);
  });
  it('leaves "a year" after a figure as a period, and lone number words alone', () => {
    expect(digitsForWords('$600,000 a year from one site')).toBe('$600,000 a year from one site');
  });
});

describe('broker-ai quantities: figures by name', () => {
  const given = (q: string) => readQuestion(q).given;
  it('amounts in every form', () => {
    expect(given('loan $4.5m, land 4.5M')).toMatchObject({ loan: 4_500_000, land: 4_500_000 });
    expect(given('I borrow four and a half million on land worth $6 mil')).toMatchObject({
      loan: 4_500_000,
      land: 6_000_000,
    });
    expect(given('A$3.2m loan, GRV 1.2bn')).toMatchObject({ loan: 3_200_000, grv: 1_200_000_000 });
    expect(given('facility of $850k and 850,000 of equity')).toMatchObject({
      loan: 850_000,
      equity: 850_000,
    });
  });
  it('rates and terms', () => {
    expect(given('$3m loan at 9 per cent over 2 years')).toMatchObject({ loan: 3e6, rate: 9, term: 24 });
    expect(given('$3m at 9.5% pa for a year and a half')).toMatchObject({ rate: 9.5, term: 18 });
    expect(given('a 24-month loan of $2m at 10%')).toMatchObject({ term: 24, loan: 2e6 });
  });
  it('synonyms, the word before or after its figure', () => {
    expect(given('debt to equity if I borrow $4.5m and put in $1.7m')).toEqual({
      loan: 4_500_000,
      equity: 1_700_000,
    });
    expect(given('net rent is $600,000 a year and interest is $400,000 a year')).toEqual({
      income: 600_000,
      annualInterest: 400_000,
    });
    expect(given('$600,000 net rent and $400,000 in interest')).toEqual({
      income: 600_000,
      annualInterest: 400_000,
    });
    expect(given('monthly interest is $25,000')).toEqual({ monthlyInterest: 25_000 });
    expect(given('the bank is lending me $2.4m and the site is worth 3.2 mill')).toEqual({
      loan: 2_400_000,
      land: 3_200_000,
    });
    expect(given('my $5m project')).toEqual({ cost: 5_000_000 });
  });
  it('a figure a word is "on" is not named by it: interest on $3m', () => {
    const r = readQuestion('interest on $3m at 9%');
    expect(r.given).toEqual({ rate: 9 });
    expect(r.unnamed).toEqual([3_000_000]);
  });
  it('a GRV including GST', () => {
    expect(given('GRV is $11m including GST')).toEqual({ grvIncGst: 11_000_000 });
  });
  it('lender limits: 65% of GRV and 80% of cost', () => {
    expect(given('65% of GRV and 80% of cost, GRV $20m, TDC $15m')).toEqual({
      loanToGrv: 65,
      loanToCost: 80,
      grv: 20_000_000,
      cost: 15_000_000,
    });
  });
});

describe('broker-ai quantities: what-if changes', () => {
  it('costs rise 10 %', () => {
    const r = readQuestion("if my $5m project's costs rise 10 % and profit was $900k");
    expect(r.hasChange).toBe(true);
    expect(r.given).toEqual({ cost: 5_000_000, costChange: 10, profit: 900_000 });
  });
  it('sales come in 10 % lower (the word after the figure)', () => {
    expect(readQuestion('if sales come in 10 % lower on a GRV of $20m').given).toEqual({
      revenueChange: -10,
      grv: 20_000_000,
    });
  });
  it('a 10% cost blowout, a 5% drop in sales, revenue drops by $1m', () => {
    expect(readQuestion('a 10% cost blowout').given).toEqual({ costChange: 10 });
    expect(readQuestion('a 5% drop in sales').given).toEqual({ revenueChange: -5 });
    expect(readQuestion('revenue drops by $1m').given).toEqual({ revenueChangeAmount: -1_000_000 });
  });
  it('a limit "of cost" is not a change', () => {
    expect(readQuestion('80% of cost').hasChange).toBe(false);
  });
});
