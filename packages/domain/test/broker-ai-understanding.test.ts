import { describe, expect, it } from 'vitest';
import { answerQuestion } from '../src/broker-ai/analyst';

// Decision 065 (issue 35): a figure the answer would leave out, a count or fraction the reader has
// no quantity for, a period it does not work in — each is asked about, and no figure is printed.
const reply = (q: string) => answerQuestion(q);
const asks = (q: string) => {
  const a = reply(q);
  expect(['needInputs', 'capabilities']).toContain(a.intent);
  expect(a.text).not.toMatch(/ = |Rating:/);
  return a.text;
};

describe('broker-ai: asks rather than leave a figure out', () => {
  it('a given figure the answer does not use', () => {
    // Decision 077: a line the total excludes is added to it, so this figure is now used.
    expect(reply('TDC 12m excluding finance costs of 1m, GRV 15m, margin on cost?').text).toContain('15.4%');
    expect(asks('TDC 14m, 70% LTC, 15%: how much equity')).toContain('“15%”');
  });
  it('but a site beside a question on the other loan ratios, and the loan’s own rate and term, are context', () => {
    expect(reply('loan 10.4m, site 4.5m, TDC 13m, GRV 16.25m: LTC and loan to GRV').text).toContain('80%');
    expect(
      reply('client wants 7.5m senior on a 11m TDC / 14m GRV deal, 18 months @ 9.75%. LTC and loan to GRV?')
        .text,
    ).toContain('68.2%');
  });
  it('and a figure that agrees with the working is not left out', () => {
    expect(
      reply(
        'equity is 18% of the project and the senior loan is the other 82%. if my equity is $3.15m what is the loan',
      ).text,
    ).toContain('$14,350,000');
  });
  it('unnamed amounts side by side', () => expect(asks('margin on 10m and 12m?')).toContain('“10m”'));
  it('a share of a count in words', () => {
    expect(asks('half the units at 600k, GRV?')).toContain('half the');
  });
  it('groups of units and a fraction in words are worked out (decision 077)', () => {
    expect(reply('2 buildings of 20 units each at 600k, GRV').text).toContain('$24,000,000');
    expect(reply('TDC 10m, GRV 12m, margin if costs go up by a fifth').text).toContain(
      'New margin on cost: $0 / $12,000,000 = 0%.',
    );
  });
  it('a rate or an ask for a period it does not work in', () => {
    asks("the bank's line fee is 0.5% per week on a 10m facility, what's that a year?");
    expect(asks('line fee 1.25 per cent on a $12m facility, per week')).toContain('per week');
  });
});

describe('broker-ai: works out what it reads whole', () => {
  it('a rate straight after a loan is its interest rate', () =>
    expect(reply('6 month delay, senior debt 20m @ 7.5 pc - cost of the delay in interest?').text).toContain(
      '$750,000',
    ));
  it('loans at their own rates: each, the total and the blended rate', () => {
    const t = reply('cost of funds: senior 10m at 8%, mezz 2m at 14%, blended rate?').text;
    expect(t).toContain('$1,080,000');
    expect(t).toContain('Blended rate: $1,080,000 a year / $12,000,000 of debt = 9%.');
  });
  it('one rate on one amount, named as asked, and never a ratio it knows', () => {
    expect(reply('how much is the 2% exit fee on a 9m loan').text).toContain(
      'Exit fee: 2% × $9,000,000 = $180,000.',
    );
    expect(reply("what's the developer's contribution if the bank does 65% LTC on 10m").text).toContain(
      'Equity: $10,000,000 cost − $6,500,000 loan = $3,500,000.',
    );
  });
  it('groups of units summed into the GRV before the rest', () =>
    expect(
      reply('12 apartments at 685k and 2 penthouses at 1.6m - GRV and margin on cost if TDC is 9.8m').text,
    ).toContain('Margin on cost: $1,620,000 / $9,800,000 = 16.5%.'));
  it("an amount's own 'ex GST' wins", () =>
    expect(reply("what's the GST-inclusive GRV if ex GST is 20m").text).toContain('$22,000,000'));
  it('two questions in one message each get their figures', () => {
    const t = reply('GRV 10m, TDC 8m. Margin on cost? Also, LTC on a 6m loan?').text;
    expect(t).toContain('25%');
    expect(t).toContain('75%');
  });
  it("checks the asker's own figure", () =>
    expect(reply('can you check the LTC - I make it 75 pct - loan 9m, TDC 12m').text).toContain(
      'You had 75 pct: that agrees with the working above.',
    ));
});
