import { z } from 'zod';
import { facilityMessages } from '../facilities';
import {
  type CovenantKind,
  closestToBreach,
  formatCovenantValue,
  thresholdText,
} from '../facility/covenants';
import { formatAudCents, formatDate } from '../format';
import { type AnalystAnswer, answer } from './answer';
import { aiSession, createAiSessionBody } from './api';

/**
 * BrokerAI on a facility (issue 34 item 8; decision 069): the facility's live figures, as the
 * server's own facility routes give them, and the answers to the five questions a credit or
 * portfolio manager asks of a running loan, each with its working line by line and every figure
 * named by where it comes from. A question about the facility it cannot place is asked back.
 */

/** POST /ai-chat/sessions with the facility a chat may be bound to (a party's or an admin's). */
export const createAiSessionWithFacilityBody = createAiSessionBody.extend({
  facility_id: z.uuid({ error: facilityMessages.notFound }).nullish(),
});
export type CreateAiSessionWithFacilityBody = z.infer<typeof createAiSessionWithFacilityBody>;
export const aiSessionWithFacility = aiSession.extend({ facility_id: z.string().nullable().optional() });
export type AiSessionWithFacility = z.infer<typeof aiSessionWithFacility>;

/** Where each figure comes from, as the answer names it. */
export const facilitySources = {
  facility: 'GET /api/facilities/{id}',
  inBalance: 'GET /api/facilities/{id}/in-balance',
  draws: 'GET /api/facilities/{id}/draws',
  presaleCover: 'GET /api/facilities/{id}/presale-cover',
  covenants: 'GET /api/facilities/{id}/covenants',
} as const;

export interface FacilityCovenantFigure {
  kind: CovenantKind;
  label: string;
  threshold: number;
  /** The latest test (null: never tested). */
  tested_on: string | null;
  status: 'pass' | 'breach' | 'not_tested' | null;
  value: number | null;
  headroom: number | null;
  message: string | null;
}

/** A facility's live figures, each block as its route gives it (null when it has none). */
export interface FacilityFigures {
  status: string;
  limit_cents: number;
  drawn_cents: number;
  undrawn_cents: number;
  inBalance: {
    available_cents: number;
    required_cents: number;
    shortfall_cents: number;
    in_balance: boolean;
    undrawn_cents: number;
    equity_in_hand_cents: number;
  } | null;
  /** Draws waiting on a payment schedule or on the funder (submitted, certified, approved). */
  openDraws: { number: number; status: string; payment_schedule_due: string; business_days_left: number }[];
  presaleCover: {
    qualifying_total_cents: number;
    registered_total_cents: number;
    limit_cents: number;
    cover_bps: number;
    open_presales: number;
    non_qualifying: number;
  } | null;
  covenants: FacilityCovenantFigure[];
}

export type FacilityQuestion =
  | 'leftToDraw'
  | 'inBalance'
  | 'nextSchedule'
  | 'presaleCover'
  | 'closestCovenant';

const KINDS: [FacilityQuestion, RegExp][] = [
  [
    'closestCovenant',
    /\bcovenants?\b.*\b(close|closest|nearest|near|tight|tightest|breach|headroom|risk|worst)|\b(close|closest|nearest|tightest)\b.*\bbreach|\bheadroom\b/i,
  ],
  [
    'presaleCover',
    /\bpre-?sales?\b.*\b(cover|coverage|qualif)|\b(cover|coverage)\b.*\bpre-?sales?\b|\bpresale cover\b/i,
  ],
  [
    'nextSchedule',
    /\bpayment schedules?\b|\bschedule\b.*\bdue\b|\b(next|when)\b.*\b(sop|security of payment)\b|\bsop\b.*\bdue\b/i,
  ],
  [
    'inBalance',
    /\bin[- ]balance\b|\bout of balance\b|\bbalance test\b|\b(shortfall|surplus)\b|\bcost to complete\b.*\bcovered\b/i,
  ],
  [
    'leftToDraw',
    /\b(left|remaining|available|undrawn|headroom)\b.*\b(draw|drawn|facility|limit)\b|\bundrawn\b|\b(how much|what)\b.*\b(left|remain)\w*\b.*\bdraw|\bleft to draw\b|\bstill draw\b/i,
  ],
];

/** The facility questions a question asks, in the order the answer gives them. */
export function facilityQuestionsOf(question: string): FacilityQuestion[] {
  return KINDS.filter(([, re]) => re.test(question)).map(([kind]) => kind);
}

/** Words that make a question one about this facility (which the analyst then must place or ask). */
const ABOUT_FACILITY =
  /\b(facility|facilit(?:y|ies)'?s?|draws?|drawn|drawdown|covenants?|pre-?sales?|payment schedule|in[- ]balance|this loan|the loan's|retention|contingency|sunset)\b/i;

const AUD = (cents: number) => formatAudCents(cents);
const signedAud = (cents: number) => (cents < 0 ? `−${AUD(-cents)}` : AUD(cents));
const day = (iso: string) => formatDate(iso);

function leftToDraw(f: FacilityFigures): string[] {
  const lines = [
    `Left to draw: ${AUD(f.undrawn_cents)}.`,
    `Working (${facilitySources.facility}):`,
    `  Facility limit ${AUD(f.limit_cents)}`,
    `  − drawn to date ${AUD(f.drawn_cents)}`,
  ];
  const other = f.limit_cents - f.drawn_cents - f.undrawn_cents;
  if (other !== 0)
    lines.push(`  − fees and interest capitalised or repaid against the limit ${signedAud(other)}`);
  lines.push(`  = undrawn ${AUD(f.undrawn_cents)}`);
  if (f.status !== 'active')
    lines.push(`The facility is ${f.status.replace(/_/g, ' ')}: a draw is made only while it is active.`);
  return lines;
}

function inBalance(f: FacilityFigures): string[] {
  const b = f.inBalance;
  if (!b) return ['The in-balance test has no figures yet: the facility has no approved budget.'];
  const gap = b.available_cents - b.required_cents;
  return [
    b.in_balance
      ? `The loan is in balance, with a surplus of ${AUD(gap)}.`
      : `The loan is out of balance by ${AUD(b.shortfall_cents)} (the shortfall).`,
    `Working (${facilitySources.inBalance}):`,
    `  Undrawn facility ${AUD(b.undrawn_cents)}`,
    `  + equity in hand ${AUD(b.equity_in_hand_cents)}`,
    `  = available ${AUD(b.available_cents)}`,
    `  Cost to complete, forecast interest and fees required ${AUD(b.required_cents)}`,
    `  Available − required = ${signedAud(gap)}${b.in_balance ? ' (surplus)' : ` (shortfall ${AUD(b.shortfall_cents)})`}`,
  ];
}

function nextSchedule(f: FacilityFigures): string[] {
  if (f.openDraws.length === 0)
    return [
      `No payment schedule is due: no draw is waiting on one (${facilitySources.draws}: no submitted, certified or approved draw).`,
    ];
  const sorted = [...f.openDraws].sort(
    (a, b) => a.payment_schedule_due.localeCompare(b.payment_schedule_due) || a.number - b.number,
  );
  const next = sorted[0]!;
  return [
    `The next payment schedule is due ${day(next.payment_schedule_due)}, for draw ${next.number} (${next.business_days_left} business day${next.business_days_left === 1 ? '' : 's'} left).`,
    `Working (${facilitySources.draws}, the Security of Payment clock of each open draw):`,
    ...sorted.map(
      (d) =>
        `  Draw ${d.number} (${d.status}): payment schedule due ${day(d.payment_schedule_due)}, ${d.business_days_left} business day${d.business_days_left === 1 ? '' : 's'} left`,
    ),
    '  Earliest of these is the next one due.',
  ];
}

const pctOfBps = (bps: number) => `${(bps / 100).toFixed(2)}%`;

function presaleCover(f: FacilityFigures): string[] {
  const c = f.presaleCover;
  if (!c || c.open_presales === 0)
    return [
      `Presale cover: none yet, there are no open presales on the register (${facilitySources.presaleCover}).`,
    ];
  return [
    `Presale cover is ${pctOfBps(c.cover_bps)}.`,
    `Working (${facilitySources.presaleCover}):`,
    `  Open presales ${c.open_presales}, registered ${AUD(c.registered_total_cents)} ex GST; ${c.non_qualifying} not qualifying`,
    `  Qualifying total ex GST ${AUD(c.qualifying_total_cents)}`,
    `  ÷ facility limit ${AUD(c.limit_cents)}`,
    `  = cover ${pctOfBps(c.cover_bps)}`,
  ];
}

function closestCovenant(f: FacilityFigures): string[] {
  if (f.covenants.length === 0)
    return [`No covenants are set on this facility (${facilitySources.covenants}).`];
  const measured = f.covenants.filter((c) => c.headroom !== null);
  if (measured.length === 0)
    return [
      `None of the facility's ${f.covenants.length} covenants has a tested figure yet (${facilitySources.covenants}), so I can't say which is closest to breach.`,
    ];
  const closest = closestToBreach(measured)!;
  const line = (c: FacilityCovenantFigure) => {
    if (c.headroom === null) return `  ${c.label}: not tested${c.message ? ` (${c.message})` : ''}`;
    const room = formatCovenantValue(c.kind, Math.abs(c.headroom));
    return `  ${c.label}: ${formatCovenantValue(c.kind, c.value!)} against ${thresholdText(c.kind, c.threshold)}, ${c.headroom < 0 ? `breached by ${room}` : `headroom ${room}`} (tested ${day(c.tested_on!)})`;
  };
  const room = formatCovenantValue(closest.kind, Math.abs(closest.headroom!));
  return [
    closest.headroom! < 0
      ? `${closest.label} is in breach, by ${room}.`
      : `${closest.label} is closest to breach, with headroom of ${room}.`,
    `Working (${facilitySources.covenants}, each covenant's latest test; headroom compared as a share of its threshold for ratios):`,
    ...f.covenants.map(line),
  ];
}

const compose: Record<FacilityQuestion, (f: FacilityFigures) => string[]> = {
  leftToDraw,
  inBalance,
  nextSchedule,
  presaleCover,
  closestCovenant,
};

/** The figures an answer states, by name, for tests and the model's tool result. */
function figuresOf(kinds: FacilityQuestion[], f: FacilityFigures): Record<string, number> {
  const out: Record<string, number> = {};
  if (kinds.includes('leftToDraw')) out.undrawn_cents = f.undrawn_cents;
  if (kinds.includes('inBalance') && f.inBalance) {
    out.shortfall_cents = f.inBalance.shortfall_cents;
    out.surplus_cents = Math.max(0, f.inBalance.available_cents - f.inBalance.required_cents);
  }
  if (kinds.includes('presaleCover') && f.presaleCover) out.cover_bps = f.presaleCover.cover_bps;
  if (kinds.includes('closestCovenant')) {
    const c = closestToBreach(f.covenants.filter((x) => x.headroom !== null));
    if (c) out.closest_covenant_headroom = c.headroom!;
  }
  return out;
}

/** What the analyst can tell of a facility, as it says when a question about it is not placed. */
export const FACILITY_CAPABILITIES =
  'how much is left to draw, whether the loan is in balance and by how much, when the next payment schedule is due, the presale cover, or which covenant is closest to breach';

/** The answer to `kinds` from the facility's figures. */
export function facilityAnswer(kinds: FacilityQuestion[], f: FacilityFigures): AnalystAnswer {
  const lines = kinds.flatMap((k, i) => [...(i > 0 ? [''] : []), ...compose[k](f)]);
  lines.push('Figures: the facility’s live figures as the server has them now, from the routes named.');
  return answer('figure', lines, figuresOf(kinds, f), { isDecisionBearing: true });
}

/**
 * A facility-bound chat's answer: the facility's figures for a question about one of the five
 * things, the question asked back when it is about the facility but none of them (never guessed),
 * and null when it is not about the facility at all (the general analyst answers it).
 */
export function answerFacilityQuestion(question: string, f: FacilityFigures): AnalystAnswer | null {
  const kinds = facilityQuestionsOf(question);
  if (kinds.length) return facilityAnswer(kinds, f);
  if (!ABOUT_FACILITY.test(question)) return null;
  return answer(
    'needInputs',
    [
      'I’m not sure what you’re asking of this facility, so I haven’t worked anything out yet.',
      `On this facility I can tell you ${FACILITY_CAPABILITIES}, each with its working. Which would you like?`,
    ],
    {},
    { isDecisionBearing: false },
  );
}
