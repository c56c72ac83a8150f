/**
 * Shares of a named base (issue 21): a percentage OF a figure is that share of it. 'What loan is 65%
 * of a $10m GRV' is a loan at 65 % of GRV (not a 65 % interest rate); 'if I put in 25% of an $8m
 * TDC' is equity at 25 % of cost; 'presales cover 50% of the debt' is presales at 50 % of the loan.
 */

// What leads from a rate to its base: '65% of a $10m GRV', '30% of the TDC', '60% on GRV'.
const SHARE_LEAD = /^\s*(?:of|on)\s+(?:(?:a|an|the|my|our|its|their|your|this|that)\s+)*/i;
const SHARE_BASES: string[] = ['grv', 'revenue', 'cost', 'land', 'loan', 'sale', 'purchase'];
// Who takes the share, named before the rate: 'loan at', 'put in', 'presales cover', 'profit is'.
const SHARE_SUBJECTS: string[] = [
  'loan',
  'equity',
  'presales',
  'profit',
  'margin',
  'marginRevenue',
  'fee',
  'construction',
  'land',
  'soft',
  'financeCost',
  'duty',
  'drawn',
];
// '$6m of construction, and that is 60% of TDC': the share is of the figure named just before.
const ANAPHORA =
  /^\s*[,;]?\s*(?:and\s+|which\s+|that\s+)?(?:that|this|it|which)?\s*(?:['’]s|is|are|represents|makes up|comes to|equals|works out at)\s*(?:about|around|roughly|only)?\s*$/i;
// What may stand between the one who takes a share and the rate ('the loan is', 'lends up to').
const SHARE_BETWEEN =
  /^[\s:=]*(?:(?:is|are|was|be|at|of|about|around|roughly|only|up to|cover|covers|covering|worth|equal to|equals|for|in|will|would|need|needs|must)\b[\s:=]*)*$/i;
// A lender's verb with no figure's word: 'the bank will fund 70% of cost'.
const LENDER_VERB =
  /\b(?:banks?|lenders?|financiers?|funders?|they)\s+(?:will\s+|would\s+|can\s+|could\s+|only\s+)?(?:funds?|finances?|advances?|covers?)\s+(?:up to\s+|only\s+|about\s+)?$/i;

/**
 * Marks each rate that is a share of a named base ('what loan is 65% of a $10m GRV', 'if I put in
 * 25% of an $8m TDC', 'presales cover 50% of the debt') with the base and, when named just before
 * the rate, the figure that is that share of it.
 */
/** A naming word and a figure as parse.ts reads them (its labels are L). */
interface Word<L extends string> {
  label: L;
  start: number;
  end: number;
}
interface Figure<L extends string> {
  kind: string;
  label: L | null;
  start: number;
  end: number;
  share?: { subject: L | null; base: L };
}

export function markShares<L extends string>(text: string, quantities: Figure<L>[], words: Word<L>[]) {
  for (const q of quantities) {
    if (q.kind !== 'rate') continue;
    const lead = SHARE_LEAD.exec(text.slice(q.end));
    if (!lead) continue;
    let at = q.end + lead[0].length;
    const amount = quantities.find((o) => o.start === at && o.kind === 'amount');
    if (amount) at = amount.end + (/^\s*/.exec(text.slice(amount.end))?.[0].length ?? 0);
    // '… GRV of $18m, the loan is 55% of it': the base is the figure named before.
    const it = /^(?:it|that|this)\b/i.test(text.slice(at))
      ? quantities.filter((o) => o.end <= q.start && o.kind === 'amount' && o.label).at(-1)?.label
      : undefined;
    const base = it ? { label: it as L } : words.find((w) => w.start === at && SHARE_BASES.includes(w.label));
    if (!base || !SHARE_BASES.includes(base.label)) continue;
    const before = words.filter((w) => w.end <= q.start).at(-1);
    const between = before ? text.slice(before.end, q.start) : '';
    const isSubject =
      !!before &&
      SHARE_SUBJECTS.includes(before.label) &&
      SHARE_BETWEEN.test(between) &&
      !quantities.some((o) => o.start >= before.end && o.end <= q.start);
    const lender = LENDER_VERB.test(text.slice(Math.max(0, q.start - 40), q.start));
    const previous = quantities.filter((o) => o.end <= q.start).at(-1);
    const anaphora =
      !isSubject &&
      previous &&
      previous.kind === 'amount' &&
      previous.label !== null &&
      SHARE_SUBJECTS.includes(previous.label) &&
      ANAPHORA.test(text.slice(previous.end, q.start).replace(/^\s*(?:of\s+\w+(?:\s+\w+)?)?/, ''))
        ? previous.label
        : null;
    q.share = {
      subject: isSubject ? before!.label : (anaphora ?? (lender ? ('loan' as L) : null)),
      base: base.label,
    };
  }
}
