/*
 * Sixth new-user set, third batch (issue 35; decision 082): long messages as people send them,
 * with incidental numbers that are not figures of the sum (street numbers, years, storeys,
 * bedrooms, stage and lot numbers, dates), approximate amounts ('~$5m', 'c.$5m', 'circa',
 * 'approx', 'ballpark'), and '7.5 % p.a.' / '7.50 per cent per annum'. Written before the changes
 * that followed it. `declines: true`: the right reply asks. May be read and tuned against.
 */
import type { EvalCase2 } from './brokerai-eval.score';

export const newUser6cCases: EvalCase2[] = [
  // 3 + 8.5 + 1 + 0.5 = 13m; 9.75 / 13 = 75%
  {
    calculation: 'TDC sum',
    question:
      "Hi there, we're doing 14 townhouses at 22 Smith St, Carina (3 bed, 2 storey). Land was $3m, build contract is $8.5m, soft costs about $1m and finance costs $0.5m. The bank has offered $9.75m. What LTC is that?",
    expects: ['$13,000,000', '75%'],
  },
  // 12 × 1.1 = 13.2m; (13.2 − 2.4) / 11 = 981,818
  {
    calculation: 'margin scheme units',
    question:
      'Project in Geelong, settling in 2027. We bought the site for $2.4m in 2021 and will sell 12 townhouses at $1.1m each under the margin scheme. What GST will we owe?',
    expects: ['$981,818'],
  },
  // 28 × 650k = 18.2m
  {
    calculation: 'units x price',
    question: 'Stage 2 of our Ipswich estate: 28 lots at about $650k each. What is the GRV for stage 2?',
    expects: ['$18,200,000'],
  },
  // 12m × 8.5% × 18/12 = 1,530,000 on the full limit; drawn 60% → 918,000
  {
    calculation: 'average drawn',
    question:
      'For our 6-storey job in Parramatta the facility is $12m at 8.5% p.a. over an 18 month build. Assuming an average drawn balance of 60%, what interest should we allow?',
    expects: ['$918,000'],
  },
  // 10m × 9% × 3/12 = 225k
  {
    calculation: 'delay',
    question:
      "Builder's now saying PC in March 2027 instead of December 2026 — a 3 month delay. Loan is ~$10m at 9 per cent. Extra interest?",
    expects: ['$225,000'],
  },
  // 15 × 1.2 = 18m; (18 − 15) / 15 = 20%
  {
    calculation: 'units x price',
    question: 'Ballpark margin on cost: 15 x 4-bed houses at $1.2m each, all-in costs c.$15m',
    expects: ['$18,000,000', '20%'],
  },
  // 4.5 / 6.9 = 65.2%
  {
    calculation: 'LVR',
    question: 'Site at 101 Main Rd valued at $6.9m, we need $4.5m of land funding. What LVR would that be?',
    expects: ['65.2%'],
  },
  // 5.5% × 2.6m = 143k; + 18k = 2,761,000
  {
    calculation: 'all-in land',
    question:
      'We settle on the 1,200 sqm block next month: price $2.6m, duty 5.5%, legals around $18k. All-in land cost?',
    expects: ['$143,000', '$2,761,000'],
  },
  // 9 × 0.05... presales: 10 units × 800k = 8m; cover 8 / 10 = 80%
  {
    calculation: 'presale cover',
    question:
      'Update for the credit team: 10 of the 24 apartments are now exchanged at an average of $800k. Facility limit is $10m. Presale cover?',
    expects: ['80%'],
  },
  // 1.1 / 0.88 = 1.25x
  {
    calculation: 'ICR',
    question:
      'Commercial building, 3 tenants, WALE 4.2 years. Net income $1.1m p.a., interest only loan of $11m at 8 per cent per annum. ICR?',
    expects: ['1.25x'],
  },
  // 20m × 65% = 13m; 20m × 15% = 3m; equity 4m
  {
    calculation: 'capital stack',
    question:
      'For the 2026 raise our TDC is approx $20m. Senior debt at 65%, mezzanine 15%, sponsor equity covers the rest. How much does each layer need to be?',
    expects: ['$13,000,000', '$3,000,000', '$4,000,000'],
  },
  // 24 / 1.2 − 16.5 = 3.5m
  {
    calculation: 'residual land value',
    question:
      "Looking at a 2,000 sqm site for 30 units. End GRV circa $24m, all costs excluding land $16.5m, and we'd want a 20% margin on cost. What's the residual land value?",
    expects: ['$3,500,000'],
  },
  // 8.4 / 12 = 700k
  {
    calculation: 'per unit',
    question: 'Our 12-unit block in Unit 4/15 Beach Rd has a TDC of $8.4m. Cost per unit?',
    expects: ['$700,000'],
  },
  // 7.5% × 8m = 600k; /12 = 50k
  {
    calculation: 'interest',
    question: 'Quick one — $8m facility at 7.5 % p.a., what is the interest per month?',
    expects: ['$50,000'],
  },
  // 1.25% × 9.6m / 12 = 10k
  {
    calculation: 'line fee',
    question: 'Line fee is 1.25 per cent per annum on the $9.6m limit — what is that a month?',
    expects: ['$10,000'],
  },
  // 3.2 + 9.6 + 1.2 = 14m; 80% = 11.2m
  {
    calculation: 'TDC sum',
    question:
      'Client is a builder-developer with 20 years experience. Land $3.2m, construction $9.6m, other costs $1.2m. Non-bank lends up to 80% of TDC. Max loan?',
    expects: ['$14,000,000', '$11,200,000'],
  },
  // 2.2 / 11 = 20%
  {
    calculation: 'share of TDC',
    question:
      'On our 2nd project soft costs were $2.2m out of a total development cost of $11m — what percent is that?',
    expects: ['20%'],
  },
  // 5.5% × 4.8m = 264k
  {
    calculation: 'duty',
    question: 'Stamp duty on the 3 lots we are buying for $4.8m in total, at 5.5%?',
    expects: ['$264,000'],
  },
  // (21 − 17.5) / 17.5 = 20%; (21 − 17.5) / 21 = 16.7%
  {
    calculation: 'margin',
    question: 'Feaso v3 (updated 12/11): GRV $21m ex GST, TDC $17.5m. Margin on cost and margin on revenue?',
    expects: ['20%', '16.7%'],
  },
  // 6.3 / 9 = 70%
  {
    calculation: 'LTC',
    question: 'Senior loan $6.3 mil, TDC $9 mil for the 8 townhouses — LTC?',
    expects: ['70%'],
  },
];
