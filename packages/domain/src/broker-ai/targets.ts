import type { Figure, Figures } from './quantities';

/**
 * Which figure a question asks for (issue 21): the target words in the part that asks ("what is
 * the X", "how much X", "X?"), else anywhere; a figure the question gives is not what it asks. A
 * what-if turns profit and margin into the new profit and margin.
 */

/** Answers that are more than one figure: worked by calculations.ts from the known figures. */
export type Report = 'stress' | 'maxLoan' | 'gst' | 'withholding' | 'allInCost';
export type Target = Figure | Report;

// Asked for wherever they stand: the question is about them as a whole.
const reports: [Report, RegExp, ((given: Figures) => boolean)?][] = [
  ['withholding', /withh[oe]ld/i],
  [
    'stress',
    /\bstress|sensitivit|\bdownside (case|test|scenario)|\bsensitise|\bdelay(ed)?\b|\bextra months? of inte?re?st|\bmonths? (late|behind)/i,
  ],
  [
    'maxLoan',
    /\bmax(imum)? (loan|borrowing|facility|debt|lend)|\b(largest|biggest) (loan|facility)|borrowing capacity|how much (can|could|will|would|might) (i|we|a lender|the lender|they|you|the bank|a bank) (borrow|lend|get)|how much (debt|money) (can|could|will|would)|how much will (a|the) (lender|bank) lend/i,
  ],
  // A quote's cost needs its rate or fee: 'the all-in cost of the project is $20m' is a cost.
  [
    'allInCost',
    /\ball[- ]in\b|\btotal cost of (the|this|a|my) (quote|loan|facility|finance)|\bquote cost|\bestablishment fee/i,
    (given) => given.rate !== undefined || given.fee !== undefined || given.feeRate !== undefined,
  ],
];

// Asked for where they stand in the part of the question that asks.
const figures: [Target, RegExp][] = [
  [
    'newProfit',
    /\bnew profit|\bprofit (after|now|then)|\brevised profit|\bremaining profit|\bprofit (would|will) (be|become|drop|fall)/gi,
  ],
  ['newMarginOnCost', /\bnew margin|\brevised margin/gi],
  ['newCost', /\bnew (total )?cost|\brevised cost/gi],
  ['newRevenue', /\bnew (revenue|grv|sales)\b|\brevised (revenue|grv)/gi],
  [
    'lvr',
    /\b(percentage|per ?cent|%) of (the )?(land|site)( value)?\b|\blvr\b|\bloan[- ]to[- ]value\b|\bloan ?\/ ?(land|value)\b|\bloan to land\b/gi,
  ],
  [
    'loanToGrv',
    /\b(percentage|per ?cent|%) of (the )?(grv|gdv|end value)\b|\bloan[- ]to[- ](grv|gdv|end value|gross realis\w*|gross development value|value on completion)|\bloan ?\/ ?(grv|gdv)|\b(lvr|ltv|gearing) (on|against|to) (the )?(grv|gdv|end value)/gi,
  ],
  [
    'loanToCost',
    /\b(percentage|per ?cent|%) of (the )?(tdc|total (development )?cost|cost|costs)\b|\bloan[- ]to[- ](total (development )?cost|cost|tdc)|\bltc\b|\bloan ?\/ ?(tdc|cost)|\bltv?c\b/gi,
  ],
  [
    'icr',
    /\bicr\b|\binterest cover(age)?\b|\bcover (the |my |our )?interest|\btimes (is )?(the )?interest covered/gi,
  ],
  [
    'debtToEquity',
    /\bdebt[- ]?(to|\/|-|:)[- ]?equity|\bd ?\/ ?e\b|\bgearing\b|\bhow geared\b|\bgeared\b|\bleverage( ratio)?\b/gi,
  ],
  ['presalesCover', /\bpresales? (cover|coverage|ratio|to debt)|\bpresales? ?\/ ?debt/gi],
  [
    'gst',
    /\bmargin scheme\b|(?<!\b(ex|excl|excluding|exclusive of|inc|incl|including|inclusive of|plus|\+)\.?\s?)\bgst\b(?![- ]?(inc|incl|inclusive|exclusive|ex)\b)/gi,
  ],
  [
    'monthlyInterest',
    /\bmonthly inte?re?st|\binte?re?st (bill |cost |payment )?(per|a|each|every) month|\b(how much )?inte?re?st\b[^.?]{0,40}\b(per|a|each|every) month|\bmonthly (cost|payment|repayment|interest bill|bill)|\bmonth(ly)? inte?re?st/gi,
  ],
  [
    'annualInterest',
    /\b(annual|yearly) inte?re?st|\binte?re?st (bill |cost )?(per|a|each|every) (year|annum)|\binte?re?st p\.?a\.?\b/gi,
  ],
  [
    'termInterest',
    /\bcapitali[sz]ed|\btotal inte?re?st|\binte?re?st in total|\binte?re?st (over|for|across|during) (the |a |its )?(term|life|loan|project|\d)|\binte?re?st (will|would) (i|we) pay|\bcost me in inte?re?st|\binte?re?st (over|for) the/gi,
  ],
  // Over the term when the question gives one, else a month.
  ['interest' as Target, /\binte?re?st\b(?! rate| cover)/gi],
  [
    'marginOnRevenue',
    /\bmargin on (revenue|gdv|grv|sales|gross|end value)|\brevenue margin|\bmargin of revenue|\bon (revenue|gdv|grv|sales)\b/gi,
  ],
  ['marginOnCost', /\bmargin on (cost|tdc)|\bmargin\b|\bmoc\b|\breturn on cost\b|\bfeaso\b|\bon cost\b/gi],
  [
    'profit',
    /\bprofit\b|\bhow much (will|would|do|did|could|can) (i|we) (make|clear)|\b(what|how much) (do|will|would) (i|we) make\b/gi,
  ],
  [
    'equity',
    /\bhow much equity|\bequity (do|would|will|should) (i|we)|\bwhat equity|\bequity (required|needed)|\bequity\b(?=\s*\?)/gi,
  ],
  [
    'revenue',
    /\bwhat (revenue|sales)|\bhow much (revenue|sales)|\brevenue (do|would|will) (i|we) need|\brevenue\b(?=\s*\?)/gi,
  ],
  ['cost', /\bwhat (is|are) (the |my )?(total )?costs?\b|\btotal cost\b(?=\s*\?)/gi],
  ['grv', /\b(grv|gdv)\b(?! ?(inc|incl|including))/gi],
  [
    'loan',
    /\bwhat (size )?loan\b|\bhow (big|large) (a|is the) loan|\bloan (size|amount)\b(?=\s*\?)|\bhow much (is the |would the )?loan\b/gi,
  ],
];

const ASK =
  /\b(what(?:['’]s|s)?|how (?:much|many|geared|big|high|low|large)|calculate|calc|work out|figure out|find|give me|tell me|show me|compute|estimate|check)\b(?!\s+if\b)/gi;

const whatIfTarget: Partial<Record<Figure, Figure>> = {
  profit: 'newProfit',
  marginOnCost: 'newMarginOnCost',
  marginOnRevenue: 'newMarginOnRevenue',
  cost: 'newCost',
  revenue: 'newRevenue',
};

function earliest(text: string, given: Figures): Target | null {
  let best: { at: number; length: number; target: Target } | null = null;
  for (const [target, re] of figures) {
    if (given[target as Figure] !== undefined) continue;
    for (const m of text.matchAll(re)) {
      if (!best || m.index < best.at || (m.index === best.at && m[0].length > best.length))
        best = { at: m.index, length: m[0].length, target };
    }
  }
  return best?.target ?? null;
}

/** The figure (or report) a question asks for; null when it asks for none. */
export function targetOf(text: string, given: Figures, hasChange: boolean): Target | null {
  for (const [report, re, when] of reports) if (re.test(text) && (!when || when(given))) return report;
  let target: Target | null = null;
  const ask = [...text.matchAll(ASK)].at(-1);
  if (ask) {
    const rest = text.slice(ask.index);
    const end = rest.search(/[.?!](\s|$)/);
    target = earliest(end < 0 ? rest : rest.slice(0, end + 1), given);
  }
  // 'Profit of $1.8m on a total cost of $6m: margin on cost?' asks in its last clause.
  const last = text
    .split(/[,.;:—–](?:\s|$)|\s-\s|\?\s/)
    .filter((c) => c.trim())
    .at(-1);
  if (!target && last) target = earliest(last, given);
  target ??= earliest(text, given);
  if (target === ('interest' as Target))
    target = given.term !== undefined ? 'termInterest' : 'monthlyInterest';
  if (hasChange) target = (target && whatIfTarget[target as Figure]) ?? target ?? 'newProfit';
  return target;
}
