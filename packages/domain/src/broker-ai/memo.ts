import { z } from 'zod';
import { formatAud } from '../format';
import { developmentStages, propertyTypes } from '../projects';
import { GENERAL_INFORMATION_NOTE, pct } from './answer';
import { feasibilityInputsOf, feasibilityRatios, stressCases } from './feasibility';
import { DEFAULT_MARGIN_HURDLE, type Rating } from './norms';

/**
 * The deal memo BrokerAI writes for a project-bound chat ("analyse this deal"): each ratio beside
 * its Australian norm with pass / watch / fail, the stress results, up to five comparable listings
 * and the questions a lender will ask next. Built only from what the asker may see: a funder
 * without access gives it the preview fields, and the memo then says so instead of guessing.
 */

/** The project as the asker may see it: the whole file's figures, or none beyond the preview. */
export interface MemoProject {
  view: 'full' | 'preview';
  suburb: string | null;
  state: string | null;
  property_type: (typeof propertyTypes)[number];
  development_stage: (typeof developmentStages)[number];
  loan_amount: number;
  land_value?: number | null;
  total_project_cost?: number | null;
  expected_gdc?: number | null;
  expected_profit?: number | null;
  equity_contribution?: number | null;
  interest_rate?: number | null;
  loan_term?: number | null;
  planning_permit_status?: string | null;
}

/** A comparable listing: the marketplace's preview fields only, and how far away it is. */
export const memoComparable = z.object({
  suburb: z.string().nullable(),
  state: z.string().nullable(),
  property_type: z.enum(propertyTypes),
  development_stage: z.enum(developmentStages),
  loan_amount: z.number(),
  project_size_sqm: z.number().nullable(),
  distance_km: z.number().nullable(),
});
export type MemoComparable = z.infer<typeof memoComparable>;

export const memoRatio = z.object({
  label: z.string(),
  value: z.number().nullable(),
  display: z.string(),
  rating: z.enum(['pass', 'watch', 'fail']).nullable(),
  norm: z.string().nullable(),
});

export const dealMemo = z.object({
  view: z.enum(['full', 'preview']),
  ratios: z.array(memoRatio),
  stress: z
    .array(z.object({ name: z.string(), margin_on_cost: z.number(), clears_hurdle: z.boolean() }))
    .nullable(),
  comparables: z.array(memoComparable),
  questions: z.array(z.string()),
  text: z.string(),
});
export type DealMemo = z.infer<typeof dealMemo>;

export const MAX_COMPARABLES = 5;

/** Whether a question asks for the bound deal's memo. */
export const asksForMemo = (question: string) =>
  /\banaly[sz]e\b|\banalysis\b|\bmemo\b|\bassess (this|the) (deal|project)|\bcomparables?\b/i.test(question);

/** Great-circle distance in km between two points. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

export interface ComparableCandidate extends Omit<MemoComparable, 'distance_km'> {
  latitude: number | null;
  longitude: number | null;
}

/**
 * Up to five comparables of the same property type: nearest first by coordinates (same state
 * when coordinates are missing), a similar loan size breaking ties. Only preview fields leave.
 */
export function pickComparables(
  subject: { latitude: number | null; longitude: number | null; state: string | null; loan_amount: number },
  candidates: ComparableCandidate[],
): MemoComparable[] {
  const here =
    subject.latitude !== null && subject.longitude !== null
      ? { lat: subject.latitude, lng: subject.longitude }
      : null;
  const scored = candidates.map((c) => {
    const distance =
      here && c.latitude !== null && c.longitude !== null
        ? distanceKm(here, { lat: c.latitude, lng: c.longitude })
        : null;
    // Unknown distance ranks after every known one; within the same state before other states.
    const place = distance ?? (c.state === subject.state ? 5_000 : 10_000);
    const loanGap = Math.abs(Math.log(c.loan_amount / Math.max(1, subject.loan_amount)));
    return { c, distance, score: place + loanGap * 50 };
  });
  return scored
    .sort((a, b) => a.score - b.score)
    .slice(0, MAX_COMPARABLES)
    .map(({ c, distance }) => ({
      suburb: c.suburb,
      state: c.state,
      property_type: c.property_type,
      development_stage: c.development_stage,
      loan_amount: c.loan_amount,
      project_size_sqm: c.project_size_sqm,
      distance_km: distance === null ? null : Math.round(distance * 10) / 10,
    }));
}

type Ratio = z.infer<typeof memoRatio>;

/** The feasibility's ratios in the memo's shape. */
const ratiosOf = (p: MemoProject): Ratio[] =>
  feasibilityRatios(feasibilityInputsOf(p)).map(({ label, value, display, rating, norm, normSource }) => ({
    label,
    value,
    display,
    rating,
    norm: normSource ? norm : null,
  }));

function questionsFor(p: MemoProject, ratios: Ratio[], stressFails: boolean): string[] {
  const q = ['What qualifying presales are in place, and what debt cover do they give?'];
  const byLabel = new Map(ratios.map((r) => [r.label, r]));
  if ((byLabel.get('Loan / TDC')?.value ?? 0) > 80)
    q.push('How is the gap above about 80 % of cost funded: mezzanine, preferred equity or more equity?');
  if (byLabel.get('Margin on cost')?.rating !== 'pass')
    q.push('What supports the revenue assumptions behind the margin (sales evidence, a valuation)?');
  if (stressFails) q.push('What contingency covers a cost overrun or a slower sell-down?');
  if (p.planning_permit_status && !/^Approved/.test(p.planning_permit_status))
    q.push('When is the planning permit expected, and on what conditions?');
  q.push('Who is the builder, and is the construction contract fixed-price with a QS-certified cost plan?');
  q.push('Where does the equity come from, and is it in the deal before the first draw?');
  return q.slice(0, 6);
}

export function buildDealMemo(p: MemoProject, comparables: MemoComparable[]): DealMemo {
  const lines: string[] = [];
  const place = [p.suburb, p.state].filter(Boolean).join(', ');
  lines.push(
    `Deal memo: ${p.property_type}, ${p.development_stage}${place ? `, ${place}` : ''}. Loan sought ${formatAud(p.loan_amount)}.`,
  );
  if (p.view === 'preview') {
    lines.push(
      'You see this listing’s preview only: its ratios and stress tests need the full file, shown once the developer grants you access.',
    );
    const questions = ['Request access to the full file to see the cost, revenue, land value and equity.'];
    lines.push(
      ...comparableLines(comparables),
      'Next questions:',
      ...questions.map((x) => `• ${x}`),
      GENERAL_INFORMATION_NOTE,
    );
    return { view: 'preview', ratios: [], stress: null, comparables, questions, text: lines.join('\n') };
  }
  const ratios = ratiosOf(p);
  lines.push('Ratios against Australian norms:');
  for (const r of ratios) lines.push(`• ${r.label}: ${r.display}${r.rating ? ` — ${r.rating}` : ''}`);
  const cases = stressCases(feasibilityInputsOf(p));
  if (cases) {
    lines.push(`Stress tests (hurdle ${pct(DEFAULT_MARGIN_HURDLE)} on cost):`);
    for (const c of cases)
      lines.push(`• ${c.name}: margin ${pct(c.marginOnCost)} — ${c.clearsHurdle ? 'clears' : 'fails'}`);
  } else lines.push('Stress tests need the total cost and the revenue.');
  const questions = questionsFor(p, ratios, !!cases?.some((c) => !c.clearsHurdle));
  lines.push(
    ...comparableLines(comparables),
    'Next questions a lender will ask:',
    ...questions.map((x) => `• ${x}`),
  );
  lines.push(
    'Norms are typical ranges from lenders’ and brokers’ published material, not policy.',
    GENERAL_INFORMATION_NOTE,
  );
  return {
    view: 'full',
    ratios,
    stress:
      cases?.map((c) => ({ name: c.name, margin_on_cost: c.marginOnCost, clears_hurdle: c.clearsHurdle })) ??
      null,
    comparables,
    questions,
    text: lines.join('\n'),
  };
}

function comparableLines(comparables: MemoComparable[]): string[] {
  if (comparables.length === 0) return ['Comparables: no listing of the same type on Plinth yet.'];
  return [
    'Comparable listings on Plinth:',
    ...comparables.map(
      (c) =>
        `• ${c.property_type}, ${c.development_stage}, ${[c.suburb, c.state].filter(Boolean).join(', ')}: loan ${formatAud(c.loan_amount)}${c.distance_km !== null ? `, ${c.distance_km} km away` : ''}`,
    ),
  ];
}

export type { Rating };
