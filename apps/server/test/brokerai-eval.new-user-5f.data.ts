/*
 * Fifth new-user set, sixth batch (issue 35; decision 077): brokers' shorthand (MoC, MoR, psm,
 * p/m, int, mths, req'd, '@', 'x', '/lot', no verbs), written and committed before the changes
 * that followed it. Same rules as brokerai-eval.new-user-5.data.ts.
 */
import type { EvalCase2 } from './brokerai-eval.score';

export const newUser5fCases: EvalCase2[] = [
  // 6.5 / 10
  { calculation: 'shorthand', question: 'loan 6.5m land 10m lvr?', expects: ['65%'] },
  // 8.4 / 12
  { calculation: 'shorthand', question: 'ltc? debt 8.4 mil tdc 12 mil', expects: ['70%'] },
  // 65% x 4.2m
  { calculation: 'shorthand', question: 'max debt @ 65% lvr, land 4.2m', expects: ['$2,730,000'] },
  // MoC = margin on cost; 3 / 15
  { calculation: 'shorthand', question: 'GDV 18m TDC 15m - MoC?', expects: ['20%'] },
  // margin on revenue 3 / 18
  { calculation: 'shorthand', question: 'MoR on GDV 18m, TDC 15m', expects: ['16.7%'] },
  // 5m x 9.5% x 10/12
  { calculation: 'shorthand', question: 'int on 5m @ 9.5% pa for 10 mths', expects: ['$395,833'] },
  // 11.7m; x 65%
  {
    calculation: 'shorthand',
    question: '18 units x 650k = GRV? then 65% of that',
    expects: ['$11,700,000', '$7,605,000'],
  },
  // 7.2m / 2,400
  { calculation: 'shorthand', question: 'psm cost: build 7.2m, GFA 2,400m2', expects: ['$3,000'] },
  // GRV 12.6m; 2.1m
  {
    calculation: 'shorthand',
    question: '30 lots @ 420k/lot, TDC 10.5m, profit?',
    expects: ['$12,600,000', '$2,100,000'],
  },
  // 9 / 3
  { calculation: 'shorthand', question: 'D/E: debt 9m equity 3m', expects: ['3.00x'] },
  // 780 / 600
  { calculation: 'shorthand', question: 'ICR - NOI $780k, int $600k', expects: ['1.30x'] },
  // 30% x 11m
  { calculation: 'shorthand', question: "equity req'd: TDC 11m, 70% LTC", expects: ['$3,300,000'] },
  // 8.4 / 9
  {
    calculation: 'shorthand',
    question: 'presale cover: 14 x $600k exchanged vs $9m facility',
    expects: ['93.3%'],
  },
  // 11m x 8.8% / 2
  { calculation: 'shorthand', question: '6mth delay cost? 11m @ 8.8%', expects: ['$484,000'] },
  // 1.3m / 11
  { calculation: 'shorthand', question: 'GST (margin scheme) - buy 900k, sell 2.2m', expects: ['$118,182'] },
  // 151,250; 2.75m + 151,250 + 20k
  {
    calculation: 'shorthand',
    question: 'stamp duty @ 5.5% on 2.75m + legals 20k = all in?',
    expects: ['$151,250', '$2,921,250'],
  },
  // 180k / 12
  { calculation: 'shorthand', question: 'line fee 1.5% on 12m, p/m?', expects: ['$15,000'] },
  // 8.8m x 9% x 20/12
  { calculation: 'shorthand', question: 'avg bal 55% of 16m, 9%, 20 mths - int?', expects: ['$1,320,000'] },
  // no loan
  { calculation: 'declines', question: 'lvr? land 5m', expects: [], refuses: [], declines: true },
  // no revenue
  { calculation: 'declines', question: 'MoC? TDC 15m', expects: [], refuses: [], declines: true },
  // no rate
  { calculation: 'declines', question: 'int on 5m for 10 mths?', expects: [], refuses: [], declines: true },
];
