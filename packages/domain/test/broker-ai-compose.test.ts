import { describe, expect, it } from 'vitest';
import { answerQuestion } from '../src/broker-ai/analyst';
import type { DealFacts } from '../src/broker-ai/calculations';
import { findQuantities } from '../src/broker-ai/parse';
import { readQuestion } from '../src/broker-ai/quantities';

// Issue 35: percent words, figures built from parts, spelt-out arithmetic, and a question whose
// figures cannot all be placed answered by asking, never by a figure.
const text = (q: string, deal?: DealFacts) => answerQuestion(q, { deal }).text;

describe('broker-ai: percent words', () => {
  it.each([
    ['9%', 9],
    ['9 pc', 9],
    ['9 per cent', 9],
    ['9 percent', 9],
    ['9 pct', 9],
    ['850bps', 8.5],
    ['350 basis points', 3.5],
  ])('%s is a rate of %d', (written, value) => {
    expect(findQuantities(written)).toMatchObject([{ kind: 'rate', value }]);
  });
});

describe('broker-ai: parts, units and qualifiers', () => {
  it('sums the cost lines into TDC before the LTC (not the loan over the soft costs)', () => {
    const t = text(
      'Land is $3.2m, build $5.5m, soft costs $800k and finance costs $600k. The senior loan is $7.5m. What is the LTC?',
    );
    expect(t).toContain(
      'Total development cost: $3,200,000 land + $5,500,000 construction + $800,000 soft costs + $600,000 finance costs = $10,100,000.',
    );
    expect(t).toContain('$7,500,000 / $10,100,000 = 74.3%');
  });
  it('multiplies units by the price each for the margin-scheme GST', () => {
    const t = text('Margin scheme GST on 6 townhouses selling at $1.1m each? We bought the site for $2.4m.');
    expect(t).toContain('GRV: 6 × $1,100,000 = $6,600,000.');
    expect(t).toContain('$381,818');
  });
  it('reads a count of dwellings in words', () => {
    expect(readQuestion('twelve apartments at $800k each').given).toMatchObject({
      units: 12,
      pricePerUnit: 800_000,
    });
  });
  it('works interest on an average drawn balance', () => {
    const t = text(
      '$8m construction facility at 9.5 pc, average drawn balance 55% over 18 months. Interest?',
    );
    expect(t).toContain('Average drawn balance: $8,000,000 × 55% = $4,400,000.');
    expect(t).toContain('$627,000');
  });
  it('works the residual land value on a margin on cost', () => {
    expect(
      text('GRV $20m, build and soft costs $13m, 20% margin on cost. What can I pay for the land?'),
    ).toContain('$3,666,667');
  });
  it('works a presale shortfall in dollars and in units', () => {
    const t = text(
      "Bank wants 100% presale cover on a $10m loan, we've presold $7.2m and units average $800k. How many more presales do we need?",
    );
    expect(t).toContain('Shortfall: $10,000,000 − $7,200,000 presold = $2,800,000.');
    expect(t).toContain('so 4 more presales');
  });
});

describe('broker-ai: spelt-out arithmetic', () => {
  it('X is Y % of Z, every way', () => {
    expect(text('what is 5.5 pc of $4.8m')).toContain('$264,000');
    expect(text('$450k is what percent of $6m?')).toContain('7.5%');
    expect(text('$1.2m is 15% of what?')).toContain('$8,000,000');
  });
  it('rates in tiers given in the question', () => {
    const t = text('Duty is 1.25% on the first $1m and 5.5% above that. Site is $3m — how much duty?');
    expect(t).toContain('$12,500 + $110,000 = $122,500');
  });
  it('a capital stack of three tranches by amount, and by share with one left to fill', () => {
    const t = text('Senior debt $12m, mezzanine $3m, equity $5m. What share of the stack is each?');
    expect(t).toContain('Mezzanine: $3,000,000 / $20,000,000 = 15% of the stack.');
    const u = text('TDC $20m: senior 65%, mezz 10%, the rest equity. How much is each?');
    expect(u).toContain('Equity (the rest): $20,000,000 − $13,000,000 − $2,000,000 = $5,000,000.');
  });
});

describe('broker-ai: a figure it cannot place', () => {
  it('asks about it and prints no derived figure or rating', () => {
    const t = text('Land $3m, build $5m, plus another $700k, loan $6m. LTC?');
    expect(t).toContain('“$700k” ($700,000)');
    expect(t).not.toMatch(/Rating|=|%/);
  });
  it('never answers a question with figures by a glossary paragraph', () => {
    expect(text('$3m and $4m')).not.toMatch(/Source:/);
  });
});

describe('broker-ai: a chat bound to a project', () => {
  const eastwood = {
    loan: 6_800_000,
    land: 4_100_000,
    cost: 10_400_000,
    construction: 5_600_000,
    revenue: 12_700_000,
    profit: 2_300_000,
    equity: 2_600_000,
    ratePercent: 9.25,
    termMonths: 20,
  };
  it('takes what the question leaves out from the project, and says so', () => {
    const t = text('what is the margin on cost?', eastwood);
    expect(t).toContain('From the project (not in your question)');
    expect(t).toContain('22.1%');
  });
  it('applies a cost rise to the construction cost, as the Feasibility grid does', () => {
    expect(text('costs +10 %, sales −5 %, margin?', eastwood)).toContain('10.1%');
  });
  it("lets the question's own figures override the project's", () => {
    const t = text('what is the margin on cost if revenue is $13m?', eastwood);
    expect(t).toContain('$13,000,000 − $10,400,000 = $2,600,000');
  });
});
