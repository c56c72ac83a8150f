import { inBalance } from '../facility/in-balance';
import { type AnalystAnswer, answer, aud } from './answer';
import { findQuantities } from './parse';

/**
 * Issue 35 (decision 077): 'cost to complete is 4m and the undrawn facility is 3.2m, what is the
 * shortfall?' — the in-balance test on the figures a question gives, through the facility rules'
 * own test (packages/domain/src/facility/in-balance.ts): available = undrawn + equity in hand,
 * required = cost to complete + interest and fees to come, shortfall = what required exceeds.
 * Every amount must be one of those; otherwise the reader takes the question and asks.
 */

type Role = 'costToComplete' | 'undrawn' | 'equity' | 'finance';

const ROLES: [Role, RegExp][] = [
  [
    'costToComplete',
    /\b(?:cost[- ]to[- ]complete|ctc|costs? (?:left|remaining|still) to (?:complete|finish|spend|build)|to finish the (?:job|build|project))\b/i,
  ],
  [
    'undrawn',
    /\b(?:undrawn|left to draw|remaining (?:facility|limit|loan|debt)|facility (?:left|remaining|headroom)|still (?:to draw|undrawn)|headroom in the (?:facility|loan))\b/i,
  ],
  ['equity', /\b(?:equity|cash)\b(?:\s+(?:in hand|available|left|on hand|still to (?:go in|come)))?/i],
  [
    'finance',
    /\b(?:interest|finance costs?|line fees?|fees)\b(?:\s+(?:to come|to go|to completion|still to come|forecast))?/i,
  ],
];
const ASKS = /\b(?:shortfall|in balance|out of balance|gap|surplus|enough|cover(?:ed)?|short)\b/i;

const cents = (v: number) => BigInt(Math.round(v * 100));
const dollars = (c: bigint) => Number(c) / 100;

/** The answer, or null when the question is not the in-balance test on its own figures. */
export function inBalanceFromQuestion(text: string): AnalystAnswer | null {
  if (!ROLES[0]![1].test(text) || !ROLES[1]![1].test(text) || !ASKS.test(text)) return null;
  const qs = findQuantities(text);
  if (qs.some((q) => q.kind !== 'amount')) return null;
  const figures: Partial<Record<Role, number>> = {};
  let previousEnd = 0;
  for (const q of qs) {
    const before = text.slice(previousEnd, q.start);
    const after = text.slice(q.end, q.end + 30).split(/[,;.?]| and /)[0] ?? '';
    // The words nearest the amount name it: its own clause before it, else the words after it.
    const role =
      ROLES.map(([r, re]) => ({
        r,
        at: [...before.matchAll(new RegExp(re.source, 'gi'))].at(-1)?.index ?? -1,
      }))
        .filter((x) => x.at >= 0)
        .sort((a, b) => b.at - a.at)[0]?.r ?? ROLES.find(([, re]) => re.test(after))?.[0];
    if (!role || figures[role] !== undefined) return null;
    figures[role] = q.value;
    previousEnd = q.end;
  }
  if (figures.costToComplete === undefined || figures.undrawn === undefined) return null;
  const result = inBalance({
    undrawn_cents: cents(figures.undrawn),
    equity_received_cents: cents(figures.equity ?? 0),
    equity_spent_cents: 0n,
    retention_held_cents: 0n,
    finance_cents: cents(figures.finance ?? 0),
    lines: [
      {
        budget_line_id: 'cost-to-complete',
        name: 'Cost to complete',
        category: 'construction',
        budget_cents: cents(figures.costToComplete),
        paid_cents: 0n,
      },
    ],
  });
  const available = dollars(result.available_cents);
  const required = dollars(result.required_cents);
  const shortfall = dollars(result.shortfall_cents);
  const lines = [
    `Available: ${aud(figures.undrawn)} undrawn${figures.equity !== undefined ? ` + ${aud(figures.equity)} equity in hand` : ''} = ${aud(available)}.`,
    `Required: ${aud(figures.costToComplete)} cost to complete${figures.finance !== undefined ? ` + ${aud(figures.finance)} interest and fees to come` : ''} = ${aud(required)}.`,
    shortfall > 0
      ? `Shortfall: ${aud(required)} − ${aud(available)} = ${aud(shortfall)}: the loan is out of balance, and the borrower puts that in before the next draw.`
      : `In balance: ${aud(available)} − ${aud(required)} = ${aud(available - required)} to spare.`,
  ];
  if (figures.equity === undefined) lines.push('No equity in hand was given, so none is counted.');
  return answer('figure', lines, { available, required, shortfall }, { isDecisionBearing: true });
}
