/*
 * Second held-out set (issue 35). Written on 2026-11-29 by a helper agent given only the issue, the
 * earlier sets' format and the domain notes, never the parser. The engineer improving BrokerAI does
 * not read this file: the evaluation prints only its score, never which questions fail. Each comment
 * shows the arithmetic and the expected figures. A case with `declines: true` lacks a figure the
 * answer needs (or gives one ambiguously): the right reply asks for it and prints none of the figures
 * in `refuses`.
 */
import type { EvalCase2 } from './brokerai-eval.new-user-3.data';

export const heldOut2Cases: EvalCase2[] = [
  // ---- TDC sum ----
  // TDC 3.2m + 7.9m + 1.15m + 0.75m = 13m; LTC 9.75m / 13m → $13,000,000, 75%
  {
    calculation: 'TDC sum',
    question:
      'land 3.2m, construction 7.9m, soft costs 1.15m and finance costs 750k, loan is 9.75m - whats the LTC',
    expects: ['$13,000,000', '75%'],
  },
  // TDC 2.45m + 5.6m + 0.64m + 0.41m = 9.1m; 7.28m / 9.1m → $9,100,000, 80%
  {
    calculation: 'TDC sum',
    question:
      'Site cost $2.45m, build $5.6m, professional fees and other soft costs $640k, finance $410k. Lender is offering $7.28m. Loan to cost?',
    expects: ['$9,100,000', '80%'],
  },
  // TDC 4.8m + 11.25m + 1.7m + 1.25m = 19m; profit 23.56m − 19m = 4.56m; 4.56m / 19m → $19,000,000, $4,560,000, 24%
  {
    calculation: 'TDC sum',
    question:
      "GRV is 23.56 mil. costs: land 4.8 mil, construction 11.25 mil, soft 1.7 mil, finance 1.25 mil. what's my margin on cost",
    expects: ['$19,000,000', '$4,560,000', '24%'],
  },
  // TDC 1.9m + 3.85m + 0.42m + 0.33m = 6.5m; build 3.85m / 6.5m → $6,500,000, 59.2%
  {
    calculation: 'TDC sum',
    question:
      'what share of TDC is the build? land $1.9m, build $3.85m, soft costs $420k, finance costs $330k',
    expects: ['$6,500,000', '59.2%'],
  },
  // TDC 6m + 14.2m + 2.3m + 1.5m = 24m; LTC 18m / 24m; profit 28.8m − 24m = 4.8m; 4.8m / 24m → $24,000,000, 75%, 20%
  {
    calculation: 'TDC sum',
    question:
      'Credit here - need the LTC and margin on cost on this one. Land 6,000,000; construction 14,200,000; soft 2,300,000; finance 1,500,000; senior facility 18,000,000; GRV ex GST 28,800,000',
    expects: ['$24,000,000', '75%', '20%'],
  },
  // TDC 0.85m + 1.62m + 0.185m + 0.095m = 2.75m; 2.2m / 2.75m → $2,750,000, 80%
  {
    calculation: 'TDC sum',
    question:
      'small duplex job, block was 850k, build 1.62m, soft costs 185k, finance 95k and im borrowing 2.2m. LTC pct?',
    expects: ['$2,750,000', '80%'],
  },
  // TDC 5.5m + 12.4m + 1.85m + 1.45m + 0.8m = 22m; land 5.5m / 22m → $22,000,000, 25%
  {
    calculation: 'TDC sum',
    question:
      'Land 5.5m + construction 12.4m + consultants 1.85m + contingency 1.45m + finance 800k. how much of the total is the land, as a percent?',
    expects: ['$22,000,000', '25%'],
  },
  // TDC 3.75m + 8.1m + 1.05m + 0.6m = 13.5m; profit 16.2m − 13.5m = 2.7m; 2.7m / 13.5m → $13,500,000, $2,700,000, 20%
  {
    calculation: 'TDC sum',
    question:
      'Feaso has the land at $3.75m, construction $8.1m, soft costs $1.05m and finance costs of $600k, sales of $16.2m. profit and margin on cost please',
    expects: ['$13,500,000', '$2,700,000', '20%'],
  },
  // ---- units x price ----
  // 14 x 1.15m → $16,100,000
  {
    calculation: 'units x price',
    question: '14 townhouses at 1.15m each, what is the GRV',
    expects: ['$16,100,000'],
  },
  // 36 x 685k = 24.66m; 4 x 1.9m = 7.6m; total → $32,260,000
  {
    calculation: 'units x price',
    question: 'GRV check: 36 apartments averaging $685,000 plus 4 penthouses at $1.9m',
    expects: ['$32,260,000'],
  },
  // per lot (1.32m − 0.44m) / 11 = 80,000; x 8 → $640,000
  {
    calculation: 'units x price',
    question:
      'we are selling 8 terraces at $1,320,000 each under the margin scheme, land cost attributable to each lot is $440,000. total GST payable?',
    expects: ['$640,000'],
  },
  // per lot (990k − 330k) / 11 = 60,000; x 5 = 300,000 (total: (4.95m − 1.65m) / 11) → $300,000
  {
    calculation: 'units x price',
    question:
      'margin scheme GST on 5 townhouses @ $990k each, the land cost was $1.65m in total (so 330k a lot)',
    expects: ['$300,000'],
  },
  // per unit (745k − 250k) / 11 = 45,000; x 12 → $540,000
  {
    calculation: 'units x price',
    question:
      'Twelve units at 745k each, margin scheme, land attributable 250k per unit - how much GST across the lot',
    expects: ['$540,000'],
  },
  // 22 x 385k → $8,470,000
  {
    calculation: 'units x price',
    question: '22 lots in the subdivision at $385k a lot, whats the gross realisation',
    expects: ['$8,470,000'],
  },
  // 18 x 720k = 12.96m; 10 x 950k = 9.5m; + 1.4m → $23,860,000
  {
    calculation: 'units x price',
    question:
      'mixed scheme: 18 x 2-beds at $720k, 10 x 3-beds at $950k, and a ground floor shop at $1.4m. total revenue?',
    expects: ['$23,860,000'],
  },
  // ---- per unit ----
  // 18.6m / 24 → $775,000
  {
    calculation: 'per unit',
    question: 'GRV of 18.6m across 24 apartments, whats the average sale price',
    expects: ['$775,000'],
  },
  // 9.6m / 8 → $1,200,000
  {
    calculation: 'per unit',
    question: 'TDC is $9.6 million for 8 townhouses. cost per townhouse?',
    expects: ['$1,200,000'],
  },
  // 7.8m / 650k = 12 → 12
  {
    calculation: 'per unit',
    question:
      'bank wants presales covering 100% of the debt. debt is $7.8m and the average unit price is $650k. how many presales do I need',
    expects: ['12'],
  },
  // 110% x 10m = 11m; 11m / 720k = 15.28 → 16 → $11,000,000, 16
  {
    calculation: 'per unit',
    question:
      'Lender requires qualifying presales of 110 per cent of the $10m facility; our average price is $720,000. Number of presales needed?',
    expects: ['$11,000,000', '16'],
  },
  // 4.2m / 28 → $150,000
  {
    calculation: 'per unit',
    question: 'land cost 4.2 mil for a 28 unit site, what is that per unit',
    expects: ['$150,000'],
  },
  // 5.4m / 480k = 11.25 → 12 → 12
  {
    calculation: 'per unit',
    question: 'how many sales to cover a $5.4m debt at 100% cover if the units go for about $480k each',
    expects: ['12'],
  },
  // ---- share backwards ----
  // 9.3m / 0.62 → $15,000,000
  {
    calculation: 'share backwards',
    question: 'construction is 62% of TDC and it comes to $9.3m. what is the total development cost',
    expects: ['$15,000,000'],
  },
  // equity is 30%: TDC 3.6m / 0.30 = 12m; loan 12m − 3.6m → $12,000,000, $8,400,000
  {
    calculation: 'share backwards',
    question: 'lender funds 70 pc of TDC and my equity is 3.6 mil - what is the TDC and the loan',
    expects: ['$12,000,000', '$8,400,000'],
  },
  // 2.7m / 0.225 → $12,000,000
  {
    calculation: 'share backwards',
    question: "Land is 22.5 per cent of our total cost and we paid $2.7m for it. What's the TDC?",
    expects: ['$12,000,000'],
  },
  // equity 35%: TDC 4.2m / 0.35 = 12m; loan 65% x 12m → $12,000,000, $7,800,000
  {
    calculation: 'share backwards',
    question:
      'the bank goes to 65% LTC, I have $4.2m of equity to put in, how big can the project be and what would the loan be',
    expects: ['$12,000,000', '$7,800,000'],
  },
  // 832k / 0.064 → $13,000,000
  {
    calculation: 'share backwards',
    question: 'finance costs are 6.4% of TDC, they total $832,000. TDC?',
    expects: ['$13,000,000'],
  },
  // equity 20%: TDC 2.25m / 0.2 = 11.25m; loan 80% x 11.25m → $11,250,000, $9,000,000
  {
    calculation: 'share backwards',
    question: 'non-bank lends 80% of cost; developer has 2.25 million cash. max TDC and facility size?',
    expects: ['$11,250,000', '$9,000,000'],
  },
  // ---- stamp duty ----
  // 3.2m x 5.5% → $176,000
  { calculation: 'stamp duty', question: 'stamp duty at 5.5% on a $3.2m site?', expects: ['$176,000'] },
  // 1m x 1.4% = 14,000; 1.8m x 4.5% = 81,000; total → $95,000
  {
    calculation: 'stamp duty',
    question: 'duty on a 2.8 mil block - rates are 1.4% up to $1m and 4.5% on the amount above $1m',
    expects: ['$95,000'],
  },
  // 150,000 + (4.2m − 3m) x 5.5% = 150,000 + 66,000 → $216,000
  {
    calculation: 'stamp duty',
    question:
      'transfer duty is $150,000 plus 5.5% of the excess over $3m. we are paying $4.2m, how much duty',
    expects: ['$216,000'],
  },
  // 1.85m x 6% → $111,000
  {
    calculation: 'stamp duty',
    question: 'what duty would we pay on 1,850,000 at a flat 6 pct',
    expects: ['$111,000'],
  },
  // 500k x 2% = 10,000; 1.5m x 4% = 60,000; 600k x 5.75% = 34,500; total → $104,500
  {
    calculation: 'stamp duty',
    question:
      'Tiered duty for this one: 2% on the first $500k, 4% from $500k to $2m, 5.75% above $2m. Purchase price $2.6m. Duty payable?',
    expects: ['$104,500'],
  },
  // 960k x 5.25% → $50,400
  { calculation: 'stamp duty', question: 'duty on 960k at 5.25 per cent', expects: ['$50,400'] },
  // ---- all-in land cost ----
  // duty 3.6m x 5.5% = 198,000; 3.6m + 198,000 + 25,000 → $198,000, $3,823,000
  {
    calculation: 'all-in land cost',
    question: 'all in land cost: site 3.6m, duty at 5.5%, legals 25k',
    expects: ['$198,000', '$3,823,000'],
  },
  // 2.1m + 113,500 + 18,500 → $2,232,000
  {
    calculation: 'all-in land cost',
    question:
      'purchase price $2.1m, stamp duty $113,500, legal and due diligence $18,500 - total acquisition cost?',
    expects: ['$2,232,000'],
  },
  // duty 250,000 + 1m x 6% = 310,000; 5m + 310,000 + 42,000 → $310,000, $5,352,000
  {
    calculation: 'all-in land cost',
    question:
      'Buying a $5m site. duty is $250k plus 6% over $4m, legals and valuation $42k. Whats it cost me all up',
    expects: ['$310,000', '$5,352,000'],
  },
  // duty 72,500; agent 29,000; 1.45m + 72,500 + 12,000 + 29,000 → $1,563,500
  {
    calculation: 'all-in land cost',
    question: 'land 1.45m + stamp duty at 5 pc + legals 12k + 2% buyers agent fee on the price. all in?',
    expects: ['$1,563,500'],
  },
  // duty 880k x 4.5% = 39,600; 880k + 39,600 + 9,500 → $39,600, $929,100
  {
    calculation: 'all-in land cost',
    question:
      "what's the all-in site cost including duty at 4.5% and conveyancing of $9,500 on an $880k block",
    expects: ['$39,600', '$929,100'],
  },
  // duty 343,750; 6.25m + 343,750 + 35,000 + 60,000 → $343,750, $6,688,750
  {
    calculation: 'all-in land cost',
    question:
      'site is 6.25 mil, duty 5.5% of that, legals 35k, plus holding costs of 60k till DA. total land cost?',
    expects: ['$343,750', '$6,688,750'],
  },
  // ---- line fee ----
  // 12m x 1.5% = 180,000 pa; / 12 → $15,000
  {
    calculation: 'line fee',
    question: 'line fee of 1.5% pa on a $12m facility limit, how much is that per month',
    expects: ['$15,000'],
  },
  // 8.4m x 2% / 12 → $14,000
  { calculation: 'line fee', question: 'monthly line fee? 2 pc on the 8.4m limit', expects: ['$14,000'] },
  // 3.6m x 2.5% / 12 = 7,500; x 18 → $7,500, $135,000
  {
    calculation: 'line fee',
    question:
      'Mezz lender charges a 2.5% p.a. line fee on the full $3.6m limit, drawn or not. Per month and over an 18 month term?',
    expects: ['$7,500', '$135,000'],
  },
  // 21.6m x 1.25% / 12 → $22,500
  {
    calculation: 'line fee',
    question: 'what does a 1.25% line fee on a 21.6 mil facility cost us each month',
    expects: ['$22,500'],
  },
  // 9.6m x 1.75% / 12 → $14,000
  { calculation: 'line fee', question: 'line fee 175bps pa on $9.6m, monthly amount?', expects: ['$14,000'] },
  // ---- percent of ----
  // 4.8m x 5.5% → $264,000
  { calculation: 'percent of', question: 'what is 5.5% of $4.8m', expects: ['$264,000'] },
  // 380k / 4.75m → 8%
  { calculation: 'percent of', question: '$380k is what percent of $4.75m', expects: ['8%'] },
  // 675k / 0.045 → $15,000,000
  { calculation: 'percent of', question: '$675,000 is 4.5% of what', expects: ['$15,000,000'] },
  // 3.36m x 12.5% → $420,000
  { calculation: 'percent of', question: 'quick one - 12.5 per cent of 3.36 mil?', expects: ['$420,000'] },
  // 540k / 7.2m → 7.5%
  {
    calculation: 'percent of',
    question: 'contingency is $540k on a build of $7.2m, what % is that',
    expects: ['7.5%'],
  },
  // 1.1m / 0.18 → $6,111,111
  {
    calculation: 'percent of',
    question: 'if 1.1m is 18 pc of the total, what is the total',
    expects: ['$6,111,111'],
  },
  // 2.16m / 13.5m → 16%
  { calculation: 'percent of', question: 'What percentage of $13.5m is $2.16m?', expects: ['16%'] },
  // 2.4m x 3.75% → $90,000
  { calculation: 'percent of', question: '3.75% of 2,400,000', expects: ['$90,000'] },
  // ---- residual land value ----
  // max TDC 24m / 1.2 = 20m; land 20m − 14m → $6,000,000
  {
    calculation: 'residual land value',
    question: 'residual land value: GRV 24m, build + soft + finance 14m, target margin 20% on cost',
    expects: ['$6,000,000'],
  },
  // margin 15% x 18m = 2.7m; 18m − 11.7m − 2.7m → $2,700,000, $3,600,000
  {
    calculation: 'residual land value',
    question:
      'What can I pay for the site? End value $18m, all costs other than land $11.7m, and I want 15% margin on GRV',
    expects: ['$2,700,000', '$3,600,000'],
  },
  // max TDC 32.5m / 1.25 = 26m; costs 17m + 2.4m + 1.6m = 21m; land 26m − 21m → $26,000,000, $5,000,000
  {
    calculation: 'residual land value',
    question:
      'GDV 32.5 mil, construction 17 mil, soft costs 2.4 mil, finance 1.6 mil, developer wants 25% on cost. max land price?',
    expects: ['$26,000,000', '$5,000,000'],
  },
  // 9.2m − 6.1m − 1.38m → $1,720,000
  {
    calculation: 'residual land value',
    question: 'resid land value - sales 9.2m, costs ex land 6.1m, profit target $1.38m',
    expects: ['$1,720,000'],
  },
  // margin 18% x 45m = 8.1m; 45m − 26.5m − 3.8m − 2.7m − 8.1m → $8,100,000, $3,900,000
  {
    calculation: 'residual land value',
    question:
      'Residual: GRV $45m ex GST, build $26.5m, soft $3.8m, finance $2.7m, target margin 18% of GRV. What is the land worth to us?',
    expects: ['$8,100,000', '$3,900,000'],
  },
  // max TDC 7.15m / 1.1 = 6.5m; land 6.5m − 4.4m → $6,500,000, $2,100,000
  {
    calculation: 'residual land value',
    question:
      'how much can we offer for the block if GRV is $7.15m, total costs excluding land are $4.4m and we need a 10 per cent margin on cost',
    expects: ['$6,500,000', '$2,100,000'],
  },
  // ---- capital stack ----
  // 65% x 20m; 15% x 20m; 20% x 20m → $13,000,000, $3,000,000, $4,000,000
  {
    calculation: 'capital stack',
    question: 'capital stack on a $20m TDC: senior 65%, mezz 15%, equity 20%. amounts for each?',
    expects: ['$13,000,000', '$3,000,000', '$4,000,000'],
  },
  // 60% = 19.2m; 20% = 6.4m; 10% = 3.2m; 10% = 3.2m → $19,200,000, $6,400,000, $3,200,000
  {
    calculation: 'capital stack',
    question:
      'Split a $32m TDC into senior debt at 60%, mezzanine at 20%, preferred equity 10% and developer equity 10%',
    expects: ['$19,200,000', '$6,400,000', '$3,200,000'],
  },
  // total 18m; 13.5 / 18; 2.7 / 18; 1.8 / 18 → $18,000,000, 75%, 15%, 10%
  {
    calculation: 'capital stack',
    question: 'senior is $13.5m, mezz $2.7m, and equity $1.8m. what share of the total is each',
    expects: ['$18,000,000', '75%', '15%', '10%'],
  },
  // 70% = 10.15m; 15% = 2.175m; rest 15% = 2.175m → $10,150,000, $2,175,000
  {
    calculation: 'capital stack',
    question:
      'stack for a 14.5 mil project: first mortgage 70 pc, second mortgage 15 pc, rest is my cash. how much is each',
    expects: ['$10,150,000', '$2,175,000'],
  },
  // total 14m; 9.6 / 14; 1.8 / 14; 0.9 / 14; 1.7 / 14 → $14,000,000, 68.6%, 12.9%, 6.4%, 12.1%
  {
    calculation: 'capital stack',
    question:
      'we have senior 9.6m, mezz 1.8m, pref equity 0.9m and developer equity 1.7m - total and each tranches share?',
    expects: ['$14,000,000', '68.6%', '12.9%', '6.4%', '12.1%'],
  },
  // senior 62.5% = 16.25m; mezz 20% = 5.2m; equity 17.5% = 4.55m → $16,250,000, $5,200,000, $4,550,000
  {
    calculation: 'capital stack',
    question:
      'TDC $26m. senior lender will do 62.5%, mezz takes it to 82.5%, developer funds the rest. tranche amounts?',
    expects: ['$16,250,000', '$5,200,000', '$4,550,000'],
  },
  // TDC 3.1m / 0.20 = 15.5m; senior 55% = 8.525m; mezz 25% = 3.875m → $15,500,000, $8,525,000, $3,875,000
  {
    calculation: 'capital stack',
    question:
      'If senior is 55% of TDC, mezz 25%, equity 20% and the equity cheque is $3.1m, what are the senior and mezz amounts',
    expects: ['$15,500,000', '$8,525,000', '$3,875,000'],
  },
  // ---- average drawn balance ----
  // average balance 5.5m; 5.5m x 9.5% x 18 / 12 → $5,500,000, $783,750
  {
    calculation: 'average drawn balance',
    question: 'facility 10m, average drawn 55%, rate 9.5%, 18 months, interest?',
    expects: ['$5,500,000', '$783,750'],
  },
  // 6.4m x 8.75% x 20 / 12 → $933,333
  {
    calculation: 'average drawn balance',
    question: 'Interest on an average drawn balance of $6.4m at 8.75% over 20 months',
    expects: ['$933,333'],
  },
  // average 9m; 9m x 9% x 2 → $9,000,000, $1,620,000
  {
    calculation: 'average drawn balance',
    question:
      'construction loan $15m, we reckon it averages about 60 per cent drawn over the 24 month build, rate 9 pc. total interest',
    expects: ['$9,000,000', '$1,620,000'],
  },
  // 4.2m x 10.5% / 12 → $36,750
  {
    calculation: 'average drawn balance',
    question: 'avg drawn bal 4.2 mil at 10.5% p.a. what is the interest per month',
    expects: ['$36,750'],
  },
  // average 4m; 4m x 8.4% x 15 / 12 → $4,000,000, $420,000
  {
    calculation: 'average drawn balance',
    question:
      "what's the interest for 15 months if the $8m facility is on average half drawn and the rate is 8.4 percent",
    expects: ['$4,000,000', '$420,000'],
  },
  // ---- delay interest ----
  // 7.5m x 9.2% x 4 / 12 → $230,000
  {
    calculation: 'delay interest',
    question: 'what does a 4 month delay cost in interest on a $7.5m loan at 9.2%',
    expects: ['$230,000'],
  },
  // 12m x 8.5% x 3 / 12 → $255,000
  {
    calculation: 'delay interest',
    question: 'settlement pushed back 3 months, loan is 12m at 8.5 per cent. extra interest?',
    expects: ['$255,000'],
  },
  // 9.6m x 10% x 5 / 12 → $400,000
  {
    calculation: 'delay interest',
    question:
      'If practical completion slips 5 months, how much more interest do we pay on the $9.6m drawn at 10%?',
    expects: ['$400,000'],
  },
  // 2.4m x 11.5% x 7 / 12 → $161,000
  {
    calculation: 'delay interest',
    question:
      'council held up the DA by 7 months, land loan is $2.4m @ 11.5%. holding interest for the delay?',
    expects: ['$161,000'],
  },
  // senior 18m x 7.8% x 2 / 12 = 234,000; mezz 3m x 16% x 2 / 12 = 80,000; total → $234,000, $80,000, $314,000
  {
    calculation: 'delay interest',
    question: 'Delay of 2 months on a 18m senior facility at 7.8% and a 3m mezz at 16%, total extra interest',
    expects: ['$234,000', '$80,000', '$314,000'],
  },
  // ---- ICR ----
  // interest 6m x 7.5% = 450,000; 675k / 450k → $450,000, 1.50x
  {
    calculation: 'ICR',
    question: 'interest only loan of $6m at 7.5%, net rent $675k. interest cover?',
    expects: ['$450,000', '1.50x'],
  },
  // interest 11.2m x 6.25% = 700,000; 1.05m / 700k → $700,000, 1.50x
  {
    calculation: 'ICR',
    question: 'ICR on an IO facility of 11.2 mil @ 6.25 pc with net income of 1.05 mil',
    expects: ['$700,000', '1.50x'],
  },
  // interest 4.5m x 7.25% = 326,250; 412,500 / 326,250 → $326,250, 1.26x
  {
    calculation: 'ICR',
    question:
      'Pre-leased childcare, net rent $412,500 pa, interest-only debt $4.5m at 7.25%. What ICR does that give?',
    expects: ['$326,250', '1.26x'],
  },
  // interest 5.2m x 8% = 416,000; 520k / 416k → $416,000, 1.25x
  {
    calculation: 'ICR',
    question:
      'residual stock loan 5.2 mil interest only at 8 per cent, the units rent for net $520k a year between them. icr?',
    expects: ['$416,000', '1.25x'],
  },
  // rent 38k x 12 = 456,000; interest 5m x 6.8% = 340,000; 456k / 340k → $456,000, $340,000, 1.34x
  {
    calculation: 'ICR',
    question: 'net rent of 38k a month, interest only loan 5m at 6.8%, interest cover ratio',
    expects: ['$456,000', '$340,000', '1.34x'],
  },
  // interest 16m x 6.9% = 1,104,000; 2.1m / 1.104m → $1,104,000, 1.90x
  {
    calculation: 'ICR',
    question:
      'Investment exit: $16m interest only at 6.9%, NOI $2.1m. ICR and does it clear the 2.0x the bank wants?',
    expects: ['$1,104,000', '1.90x'],
  },
  // ---- presales ----
  // 8.4m / 7m → 1.20x
  {
    calculation: 'presales',
    question: 'presales of $8.4m against a $7m debt, what is the presale cover',
    expects: ['1.20x'],
  },
  // 9m x 100% − 6.3m → $2,700,000
  {
    calculation: 'presales',
    question:
      "we've got 6.3m of presales, debt is 9m and the bank wants 100% cover. how short are we in dollars",
    expects: ['$2,700,000'],
  },
  // shortfall 7.5m − 5.1m = 2.4m; 2.4m / 600k = 4 → $2,400,000, 4
  {
    calculation: 'presales',
    question:
      'Presales $5.1m, facility $7.5m, bank needs 100% debt cover, average unit $600k. How many more units do we need to sell?',
    expects: ['$2,400,000', '4'],
  },
  // required 13.2m; shortfall 2.7m; 2.7m / 750k = 3.6 → 4 → $13,200,000, $2,700,000, 4
  {
    calculation: 'presales',
    question:
      'lender wants presales of 110% of the 12m loan. we have 10.5m exchanged. shortfall and how many more apartments at ~750k',
    expects: ['$13,200,000', '$2,700,000', '4'],
  },
  // 11.05m / 13m → 85%
  {
    calculation: 'presales',
    question: 'presale cover as a percent? qualifying presales 11.05 mil, debt 13 mil',
    expects: ['85%'],
  },
  // required 18m; presales 14 x 980k = 13.72m; shortfall 4.28m; 4.28m / 980k = 4.37 → 5 → $18,000,000, $4,280,000, 5
  {
    calculation: 'presales',
    question:
      'Major bank wants 120% cover on a $15m facility. Presales to date: 14 units at $980k. shortfall in $ and in units?',
    expects: ['$18,000,000', '$4,280,000', '5'],
  },
  // presales 9 x 620k = 5.58m; 5.58m / 6.8m = 0.82; shortfall 6.8m − 5.58m → 82.1%, $1,220,000
  {
    calculation: 'presales',
    question:
      'debt 6.8 mil, 9 presales at 620k each - what percent of the debt do the presales cover and whats the shortfall to 100%',
    expects: ['82.1%', '$1,220,000'],
  },
  // ---- LVR / LTC site ----
  // 3.38m / 5.2m → 65%
  {
    calculation: 'LVR / LTC site',
    question: "site's worth 5.2m and the loan is 3.38m, lvr?",
    expects: ['65%'],
  },
  // 1.95m / 3.25m → 60%
  {
    calculation: 'LVR / LTC site',
    question:
      'land loan of $1.95m against a site valued at $3.25m - whats the LVR and would a 65% lender do it',
    expects: ['60%'],
  },
  // LVR 9.6 / 4 = 240%; LTC 9.6 / 12.5 = 76.8%; loan/GRV 9.6 / 16 = 60% → 240%, 76.8%, 60%
  {
    calculation: 'LVR / LTC site',
    question: 'LVR, LTC and loan to GRV: site valued 4m, TDC 12.5m, GRV 16m, loan 9.6m',
    expects: ['240%', '76.8%', '60%'],
  },
  // 2.55m / 3.9m → 65.4%
  {
    calculation: 'LVR / LTC site',
    question: 'Site acquisition facility: interest only, $2.55m, site valuation $3.9m. LVR?',
    expects: ['65.4%'],
  },
  // loan 1.68m + 0.2m = 1.88m; 1.88m / 2.8m → $1,880,000, 67.1%
  {
    calculation: 'LVR / LTC site',
    question:
      'loan to value on the site if we borrow 60% of the 2.8 mil purchase price plus 200k for DA costs, site valued at the purchase price',
    expects: ['$1,880,000', '67.1%'],
  },
  // loan/GRV 14.3 / 22; LTC 14.3 / 18.2 → 65%, 78.6%
  {
    calculation: 'LVR / LTC site',
    question: 'What is loan to GRV and LTC on a $14.3m facility, GRV $22m, total dev cost $18.2m',
    expects: ['65%', '78.6%'],
  },
  // ---- basis points ----
  // 9m x 0.75% → $67,500
  {
    calculation: 'basis points',
    question: 'rate goes up 75 bps on our 9m loan, how much extra interest per year',
    expects: ['$67,500'],
  },
  // 4.35% + 3.85% = 8.2%; 6m x 8.2% / 12 → 8.2%, $41,000
  {
    calculation: 'basis points',
    question:
      "BBSY is 4.35% and the margin is 385bps, what's the all in rate and the monthly interest on $6m",
    expects: ['8.2%', '$41,000'],
  },
  // 14m x 1.25% → $175,000
  {
    calculation: 'basis points',
    question: 'establishment fee of 125 basis points on a $14m facility?',
    expects: ['$175,000'],
  },
  // rate 8.5%; 4.8m x 8.5% / 12 → $34,000
  {
    calculation: 'basis points',
    question: 'monthly interest on 4.8m at 7.9% plus a 60bps margin step-up',
    expects: ['$34,000'],
  },
  // ---- units x price ----
  // no land cost attributable given: ask for it; never $0 nor 6 x 850k / 11 = 463,636
  {
    calculation: 'units x price',
    question: 'margin scheme GST on 6 townhouses selling at $850k each?',
    expects: [],
    refuses: ['$0', '$463,636', '$77,273'],
    declines: true,
  },
  // ---- ICR ----
  // no interest rate given: ask for it; never 720k / 8m = 9% or 0.09x
  {
    calculation: 'ICR',
    question: 'ICR on an interest only loan of 8 mil, net rent is 720k',
    expects: [],
    refuses: ['9%', '0.09x'],
    declines: true,
  },
  // ---- per unit ----
  // no price per unit given: ask; never 9m / 24 = 375,000 as a price
  {
    calculation: 'per unit',
    question: '24 apartment job, senior debt $9m, how many presales do we need for 100% cover?',
    expects: [],
    refuses: ['$375,000'],
    declines: true,
  },
  // ---- share backwards ----
  // 65% of GRV or of TDC? ambiguous: ask; never 9.1m or 7.15m as the answer
  {
    calculation: 'share backwards',
    question: 'lender does 65%, GRV is $14m and the TDC is $11m, how big is the loan',
    expects: [],
    refuses: ['$9,100,000', '$7,150,000'],
    declines: true,
  },
  // ---- residual land value ----
  // no target margin given: ask; never 20m − 14m = 6m
  {
    calculation: 'residual land value',
    question: 'what can I pay for the land? GRV $20m, build soft and finance costs total $14m',
    expects: [],
    refuses: ['$6,000,000'],
    declines: true,
  },
  // ---- presales ----
  // presale cover is against the debt, which is not given: ask; never 6.2 / 15 = 41.3%
  {
    calculation: 'presales',
    question: "we've got 6.2m of presales on a 15m GRV job, what's our presale cover",
    expects: [],
    refuses: ['41.3%', '0.41x'],
    declines: true,
  },
  // ---- TDC sum ----
  // no cost given: ask for TDC; never (12 − 8.4) / 8.4 = 42.9% nor 3.6m
  {
    calculation: 'TDC sum',
    question: 'margin on cost? GRV 12m and loan 8.4m',
    expects: [],
    refuses: ['42.9%', '$3,600,000'],
    declines: true,
  },
  // TDC incomplete: ask for soft and finance costs; never 7.6 / 9.5 = 80%
  {
    calculation: 'TDC sum',
    question: 'LTC on land 3m, build 6.5m and a 7.6m loan - soft costs and finance still TBC',
    expects: [],
    refuses: ['80%', '$9,500,000'],
    declines: true,
  },
  // ---- line fee ----
  // a line fee runs on the facility limit, not given: ask; never 4.2m x 1.75% / 12 = 6,125
  {
    calculation: 'line fee',
    question: "line fee is 1.75%, we've drawn 4.2m so far - what's the fee per month",
    expects: [],
    refuses: ['$6,125', '$73,500'],
    declines: true,
  },
  // ---- delay interest ----
  // length of the delay not given: ask; never the 6-month stress 380,000
  {
    calculation: 'delay interest',
    question: 'if we get delayed, what is the extra interest on the 8m at 9.5%',
    expects: [],
    refuses: ['$380,000', '$760,000'],
    declines: true,
  },
  // ---- average drawn balance ----
  // average drawn balance not given: ask; never on the full limit 1.62m nor on half 810,000
  {
    calculation: 'average drawn balance',
    question: 'interest on the 12m facility at 9% over 18 months on the average drawn balance',
    expects: [],
    refuses: ['$1,620,000', '$810,000'],
    declines: true,
  },
  // ---- LVR / LTC site ----
  // LVR needs the land (site) value: ask; never 6 / 10 = 60%
  {
    calculation: 'LVR / LTC site',
    question: 'LVR on a 6m loan, GRV 10m',
    expects: [],
    refuses: ['60%'],
    declines: true,
  },
  // ---- all-in land cost ----
  // no duty rate or amount given: ask; never 2.45m + 18k = 2,468,000
  {
    calculation: 'all-in land cost',
    question: 'site 2.45m plus legals 18k, whats the all in cost with stamp duty',
    expects: [],
    refuses: ['$2,468,000'],
    declines: true,
  },
  // ---- stamp duty ----
  // the rate above 1m is not given: ask; never 3m x 1.4% = 42,000
  {
    calculation: 'stamp duty',
    question: 'duty is 1.4% up to 1m then the higher rate above that, site is 3m, how much duty',
    expects: [],
    refuses: ['$42,000'],
    declines: true,
  },
];
