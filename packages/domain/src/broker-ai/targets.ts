import { findQuantities } from './parse';
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
const reports: [Report, RegExp, ((given: Figures, text: string) => boolean)?][] = [
  ['withholding', /withh[oe]ld/i],
  [
    'stress',
    /\bstress|sensitivit|\bdownside (case|test|scenario)|\bsensitise|\bdelay(ed)?\b|\bextra months? of inte?re?st|\bmonths? (extra|more|additional|further) of inte?re?st|\bmonths? (late|behind)/i,
    // 'What does a 4-month delay cost us in interest?' on a loan alone is the delay's interest.
    (given, text) =>
      /\bstress|sensitivit|\bdownside|\bsensitise/i.test(text) ||
      given.delayMonths === undefined ||
      given.cost !== undefined ||
      given.revenue !== undefined ||
      given.grv !== undefined,
  ],
  [
    'maxLoan',
    /\bmax(imum)? (loan|borrowing|facility|debt|lend)|\b(largest|biggest) (loan|facility)|borrowing capacity|how much (can|could|will|would|might) (i|we|a lender|the lender|they|you|the bank|a bank) (borrow|lend|get)|how much (debt|money) (can|could|will|would)|how much will (a|the) (lender|bank) lend|\b(the )?most (i|we|they|you) (can|could) (borrow|get)\b|\bmost (a|the) (lender|bank) (will|would|can) lend\b/i,
  ],
  // A quote's cost needs its rate or fee: 'the all-in cost of the project is $20m' is a cost.
  [
    'allInCost',
    /\ball[- ]in\b|\btotal cost of (the|this|a|my) (quote|loan|facility|finance)|\bquote cost|\bestablishment fee|\btotal (finance|financing|borrowing|funding) costs?\b|\btotal cost (of|on) (the |this |a |my )?(mezz\w*|loan|facility|debt|finance|borrowing)\b|\btotal cost over\b/i,
    (given, text) =>
      // 'total finance cost', 'total cost over 12 months' (decision 077): only of a loan, never
      // beside the project's own costs or sales.
      (!/\btotal (finance|financing|borrowing|funding) costs?\b|\btotal cost (of|on|over)\b/i.test(text) ||
        (given.term !== undefined &&
          !/\b(tdc|land|site|build|construction|grv|gdv|sales|revenue)\b/i.test(text))) &&
      !/\ball[- ]?(in|up) (land|site)|\b(land|site) (cost )?all[- ]?(in|up)/i.test(text) &&
      given.pricePerUnit === undefined &&
      (given.rate !== undefined ||
        ((given.fee !== undefined || given.feeRate !== undefined) &&
          /\ball[- ]in\b|\btotal cost of/i.test(text))),
  ],
];

// Asked for where they stand in the part of the question that asks.
const figures: [Target, RegExp][] = [
  [
    'residualLand',
    /\bresidual( land| site)?( value| price)?\b|\bresid\b|\bmax(imum)? (for|on) (the )?(site|land|dirt)\b|\bmax(imum)? (i|we) (can|could) (pay|offer)|\bmost (i|we) (can|could) (pay|offer)|\bwhat (can|could|should) (i|we) (afford to )?(pay|offer) for (the )?(land|site|dirt)|\bhow much (can|could|should) (i|we) (afford to )?(pay|offer) for (the )?(land|site|dirt)|\bmax(imum)? (land|site) (price|value|cost)|\b(land|site) (price|value) (can|could) (i|we) (afford|pay)/gi,
  ],
  [
    'landAllIn',
    /\ball[- ]?(in|up) (land|site|acquisition)( costs?)?|\b(land|site)\b[^.?$\d]{0,25}\ball[- ]?(in|up)\b|\b(land|site) (costs? )?all[- ]?(in|up)|\btotal (land|acquisition|site) costs?|\b(land|site) costs? (including|with|inc\.?|incl\.?|plus) (stamp )?duty/gi,
  ],
  [
    'duty',
    /\b(how much|what(['’]s| is| will be| would be)?( the)?) (stamp |transfer )?duty\b|\bstamp duty\b(?=\s*\?)|\b(stamp|transfer) duty (payable|bill|on)\b|\bduty (payable|bill)\b|\bhow much duty\b/gi,
  ],
  [
    'constructionToCost',
    /(?:%|\b(?:percent(?:age)?|per cent|share|proportion|portion)) of (the )?(tdc|total( (development |project )?costs?)?|costs?) (is|are) (the |my |our )?(build|construction)|\b(build|construction)( costs?)?(['’]s)? (as an? |share of |% of |percentage of |proportion of )+(the )?(tdc|total (development )?costs?|costs?)|\b(build|construction)( costs?)? (is|are|makes? up|represents?) what (%|percent(age)?|per cent|share|proportion|portion|part) of (the )?(tdc|total (development )?costs?|costs?)/gi,
  ],
  [
    'landToCost',
    /(?:%|\b(?:percent(?:age)?|per cent|share|proportion|portion)) of (the )?(tdc|total( (development |project )?costs?)?|costs?) (is|are) (the |my |our )?(land|site)|\b(land|site)( costs?)?(['’]s)? (as an? |share of |% of |percentage of |proportion of )+(the )?(tdc|total (development )?costs?|costs?)|\b(land|site)( costs?)? (is|are|makes? up|represents?) what (%|percent(age)?|per cent|share|proportion|portion|part) of (the )?(tdc|total (development )?costs?|costs?)/gi,
  ],
  [
    'softToCost',
    /(?:%|\b(?:percent(?:age)?|per cent|share|proportion|portion)) of (the )?(tdc|total( (development |project )?costs?)?|costs?) (is|are) (the |my |our )?soft costs?|\bsoft costs?(['’]s)? (as an? |share of |% of |percentage of |proportion of )+(the )?(tdc|total (development )?costs?|costs?)|\bsoft( costs?)? (is|are|makes? up|represents?) what (%|percent(age)?|per cent|share|proportion|portion|part) of (the )?(tdc|total (development )?costs?|costs?)/gi,
  ],
  [
    'financeToCost',
    /(?:%|\b(?:percent(?:age)?|per cent|share|proportion|portion)) of (the )?(tdc|total( (development |project )?costs?)?|costs?) (is|are) (the |my |our )?finance costs?|\bfinance costs?(['’]s)? (as an? |share of |% of |percentage of |proportion of )+(the )?(tdc|total (development )?costs?|costs?)|\bfinance( costs?)? (is|are|makes? up|represents?) what (%|percent(age)?|per cent|share|proportion|portion|part) of (the )?(tdc|total (development )?costs?|costs?)/gi,
  ],
  [
    'pricePerUnit',
    /\bprice per (unit|apartment|lot|townhouse|dwelling|home|house|door)|\bper (unit|apartment|lot|townhouse|dwelling|door)\b|\beach (one )?(have to |need to |must |has to |needs to )?(sell|go) for|\baverage (sale |selling )?price\b|\b(what|how much) (does|do|would|will|should|must) (each|every|the) (one|unit|apartment|townhouse|lot)s? (have to |need to )?(sell|go) for|\bsell (each|every) (one|unit|apartment|townhouse|lot|home|house)\b( for)?|\b(what|how much) (do|would|should|must) (i|we) (need to |have to )?(sell|price) (each|every|them|the (units|lots|apartments|townhouses))\b/gi,
  ],
  [
    'units',
    /\bhow many (units|apartments|townhouses|lots|dwellings|homes|houses|terraces|villas|duplexes)\b|\b(units|apartments|townhouses|lots|presales|sales) (needed|required)\b|\bnumber of (units|apartments|townhouses|lots|presales|sales|contracts)\b|\bhow many (more )?(do|would|will|must|should) (i|we) (need|have) to (sell|presell|pre-sell)\b|\bhow many (more )?(do|would|will|must|should) (i|we) need\b/gi,
  ],
  [
    'newProfit',
    /\bnew profit|\bprofit (after|now|then)|\brevised profit|\bremaining profit|\bprofit (would|will) (be|become|drop|fall)/gi,
  ],
  ['newMarginOnCost', /\bnew margin|\brevised margin/gi],
  ['newCost', /\bnew (total )?cost|\bnew (tdc|total development cost)\b|\brevised (cost|tdc)/gi],
  ['newRevenue', /\bnew (revenue|grv|sales)\b|\brevised (revenue|grv)/gi],
  [
    'lvr',
    /(?:%|\b(?:percentage|per ?cent)) of (the )?(land|site)( value)?\b|\blvr\b|\bloan[- ]to[- ]value\b|\bloan ?\/ ?(land|value)\b|\bloan to land\b/gi,
  ],
  [
    'loanToGrv',
    /(?:%|\b(?:percentage|per ?cent)) of (the )?(grv|gdv|end value)\b|\bloan[- ]to[- ](grv|gdv|end value|gross realis\w*|gross development value|value on completion)|\bloan ?\/ ?(grv|gdv)|\b(lvr|ltv|gearing) (on|against|to) (the )?(grv|gdv|end value)/gi,
  ],
  [
    'loanToCost',
    /(?:%|\b(?:percentage|per ?cent)) of (the )?(tdc|total (development )?cost|cost|costs)\b|\bloan[- ]to[- ](total (development )?cost|cost|tdc)|\bltc\b|\bloan ?\/ ?(tdc|cost)|\bltv?c\b/gi,
  ],
  [
    'icr',
    /\bicr\b|\binterest cover(age)?\b|\bcovers? (the |my |our |its |their )?(annual |yearly )?inte?re?st|\btimes (is )?(the )?inte?re?st covered|\bservic(e|es|ing|eable|eability)\b|\bservice (the |my |our )?(debt|loan|interest)/gi,
  ],
  [
    'debtToEquity',
    /\bdebt[- ]?(to|\/|-|:)[- ]?equity|\bd ?\/ ?e\b|\bgearing\b|\bhow geared\b|\bgeared\b|\bleverage( ratio)?\b/gi,
  ],
  [
    'presales',
    /\bhow much (in |of )?(pre-?sales?|pre-?sold)\b|\bwhat (level of |amount of |value of )?pre-?sales?\b(?! (cover|coverage|ratio))|\bpre-?sales (do|would|will|should) (i|we) need/gi,
  ],
  ['presalesCover', /\bpresales? (cover|coverage|ratio|to debt)|\bpresales? ?\/ ?debt/gi],
  [
    'presalesShortfall' as Target,
    /\bhow (far )?short (are|is|am) (we|i|it|the presales)\b|\bpresales? (shortfall|gap)\b|\bshortfall (in|of) presales?\b/gi,
  ],
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
    /\b(annual|yearly) inte?re?st|\binte?re?st (bill |cost )?(per|a|each|every) (year|annum)|\binte?re?st p\.?a\.?\b|\binte?re?st\b[^.?]{0,40}\b(per|a|each|every) (year|annum)\b/gi,
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
    /\bhow much equity|\bequity (do|would|will|should) (i|we)|\bwhat equity|\bequity (required|needed)|\bequity\b(?=\s*\?)|\bhow much (cash|money|deposit|of my own( money)?) (do|would|will|should|must) (i|we)|\bhow much (do|would|will|should|must) (i|we) (have to |need to )?(put in|contribute|chip in|tip in|bring)|\bhow much (am i|are we|i am|we are) (putting in|contributing|chipping in)|\bwhat (do|would|will|must) (i|we) (have to |need to )?(put in|contribute|chip in|tip in)|\b(developer|sponsor|borrower)['’]?s? (contribution|equity|cash)\b|\bequity contribution\b/gi,
  ],
  [
    'revenue',
    /\bwhat (revenue|sales)|\bhow much (revenue|sales)|\brevenue (do|would|will) (i|we) need|\b(do|would|will|must) (i|we) (need to |have to )?sell (it |them |the project |the units |the lot |everything )?for\b|\bsales (do|would|will) (i|we) need\b|\brevenue\b(?=\s*\?)/gi,
  ],
  [
    'equityToCost',
    /\b(percentage|per ?cent|%|share|proportion) of (the )?(tdc|total (development )?cost|cost|costs) (is|am i putting in|are we putting in|is my|is the) (equity|cash|contribution)|\bequity (as a |to )(percentage of |share of |% of )?(the )?(tdc|total (development )?cost|cost)\b/gi,
  ],
  [
    'cost',
    /\bwhat(['’]s|s| is| are| was)? (the |my |our )?(tdc|total (development |project )?costs?|project costs?|development costs?)\b|\bwhat (is|are|was) (the |my |our )?(total )?costs?\b|\b(the |my )?tdc\b(?=\s*(\?|and\b))|\btotal cost\b(?=\s*\?)|\b(?:total )?(?:dev|development|project) costs?\b(?=\s*\?)|^\s*(?:tdc|total (?:dev|development|project) costs?)\b(?=\s*(?:[?:\-–—]|please\b))|\bwhat (tdc|total (development )?cost|project cost)\b|\bhow much (can|could|should) (the |my |our )?(project |development )?(cost|tdc)\b|\b(tdc|total (development )?cost) (do|would|will|can|could) (i|we)\b|\bhow (big|large) (a |the )?(project|development|deal|job)\b|\bwhat (size|scale) (of )?(a |the )?(project|development|deal|job)\b|^\s*(?:the\s+)?total (?:project |development |dev )?costs? (?:if|when|with|for|given|where)\b/gi,
  ],
  [
    'rate',
    /\b(interest )?rate (needed|required)\b|\bwhat (interest )?rate\b|\bwhat['’]?s (the |my )?(interest )?rate\b|\b(interest )?rate am i\b|\b(interest )?rate (is|are) (i|we|that|this|it)\b|\bhow much interest (rate )?am i paying\b(?=[^$]*\bon\b)|\bimplied (interest )?rate/gi,
  ],
  [
    'term',
    /\bhow long (is|will|would|does|do|can)\b|\bwhat term\b|\bhow many months\b|\bwhat(['’]s| is) the term\b/gi,
  ],
  [
    'fee',
    /\b(what|how much)(['’]s| is| will be| would be)? (the |my )?(establishment |est\.? |line )?fee\b/gi,
  ],
  [
    'income',
    /\bwhat (net |annual |yearly )?(income|rent|noi|ebitda|net operating income)\b|\bhow much (net |annual |yearly )?(income|rent|noi|ebitda)\b|\b(income|rent|noi|ebitda) (do|would|will|should) (i|we|it) need/gi,
  ],
  [
    'land',
    /\bwhat (land|site) (value|price|cost)\b|\bhow much (is |must |should |would )?(the |my )?(land|site) (be worth|value|cost|need to be worth)|\bwhat (must|should|would|does) (the |my )?(land|site) (be worth|value)|\bland value\b(?=\s*\?)|\bwhat (land|site)\b|\bwhat(['’]s| is) (the |my )?(land|site) (value|worth)\b|\bhow much (land|site) (do|would|will) (i|we) need/gi,
  ],
  [
    'construction',
    /\b(build|construction|building) (cost|budget)s?\b(?=\s*\?)|\bwhat(['’]s| is| are)? (the |my )?(construction|build|building) (cost|budget)s?|\bhow much (is |for |can i spend on )?(the )?(construction|build|building)\b/gi,
  ],
  [
    'grv',
    /\b(grv|gdv|end value|gross realis\w*(?: value)?|gross development value)\b(?! ?(inc|incl|including))/gi,
  ],
  [
    'loan',
    /\bwhat (size )?(loan|debt|facility)\b|\b(the |my )loan\b(?=\s*\?)|\bwhat(['’]s| is| will be| would be) (the |my |our )?(land |site |senior |construction )?(loan|debt|facility|borrowing)( amount| size)?\b(?![- ]?(to|\/|on|against|ratio)\b)|(?:^|[.:;!—–-]\s*)(?:the\s+|my\s+|our\s+)?(?:land\s+|site\s+|senior\s+)?loan\b(?=\s*\?)|\bhow (big|large) (a|is the|could the|can the) (loan|facility)|\bloan (size|amount)\b(?=\s*\?)|\bhow much (is the |is that |is this |would the |will the |would that |would be the )?(loan|debt)\b|\bhow much (debt|could i borrow|can i borrow|am i borrowing|do i borrow)\b|\band (the |my |our )?(senior )?(loan|debt|facility)( amount| size)?\b(?=\s*(?:[?.,]|$))/gi,
  ],
];

const POLITE_ASK =
  /^\s*(?:(?:hi|hey|hello|thanks|cheers)\b[^?\d]*|(?:quick (?:one|question)|(?:can|could|would) you (?:please )?(?:help(?: me)?|check (?:my|these|the|our) (?:numbers|figures|maths|math|feaso)|have a look|look at (?:this|these|my numbers))|are you able to help|does (?:this|that) make sense|is (?:this|that) right|any thoughts)[^?\d]*)\?$/i;

const ASK =
  /\b(what(?:['’]s|s)?|how (?:much|many|geared|big|high|low|large)|calculate|calc|work out|figure out|find|give me|tell me|show me|compute|estimate|check)\b(?!\s+if\b)/gi;

const whatIfTarget: Partial<Record<Figure, Figure>> = {
  profit: 'newProfit',
  marginOnCost: 'newMarginOnCost',
  marginOnRevenue: 'newMarginOnRevenue',
  cost: 'newCost',
  revenue: 'newRevenue',
};

interface Match {
  at: number;
  end: number;
  target: Target;
}

/** Every figure named in a text, earliest (then longest) first, none overlapping another. */
function matchesIn(text: string, given: Figures): Match[] {
  const all: Match[] = [];
  for (const [target, re] of figures) {
    if (given[target as Figure] !== undefined) continue;
    for (const m of text.matchAll(re)) all.push({ at: m.index, end: m.index + m[0].length, target });
  }
  all.sort((a, b) => a.at - b.at || b.end - a.end);
  const out: Match[] = [];
  for (const m of all) if (!out.length || m.at >= out.at(-1)!.end) out.push(m);
  return out;
}

// What joins two figures asked for together: 'LVR and LTC', 'ICR, D/E and margin', 'LVR & ICR'.
const JOINED =
  /^\s*(?:,|&|\+|\/|and|plus|as well as|also|then)?\s*(?:and\s+|also\s+)?(?:what(?:['’]s| is| are)?\s+|how much is\s+)?(?:the\s+|my\s+|our\s+|its\s+)?$/i;

/** The figures asked for together, from the first one: 'what are the LVR and the LTC'. */
function askedIn(text: string, given: Figures): Target[] {
  const ms = matchesIn(text, given);
  if (!ms.length) return [];
  const out = [ms[0]!.target];
  for (let i = 1; i < ms.length && JOINED.test(text.slice(ms[i - 1]!.end, ms[i]!.at)); i++)
    if (!out.includes(ms[i]!.target)) out.push(ms[i]!.target);
  return out;
}

const INTEREST_TARGETS: Target[] = ['monthlyInterest', 'annualInterest', 'termInterest'];

/**
 * Issue 35: what a qualifier turns a figure asked for into: interest on an average drawn balance,
 * interest for a delay, a line fee per period, a presale shortfall in dollars or in units.
 */
function contextual(text: string, given: Figures, targets: Target[]): Target[] {
  const asksInterest = targets.some((t) => INTEREST_TARGETS.includes(t)) || /\binte?re?st\b/i.test(text);
  const monthly = /\b(per|a|each|every) month\b|\bmonthly\b|\bpm\b/i.test(text);
  if (/\bprofit per (unit|lot|apartment|townhouse|dwelling|home)\b/i.test(text)) return ['profitPerUnit'];
  // 'gearing' is read as debt / equity and as debt / total cost: both are shown.
  if (
    targets.includes('debtToEquity') &&
    /\bgearing\b|\bgeared\b/i.test(text) &&
    given.cost !== undefined &&
    !targets.includes('loanToCost')
  )
    targets = [...targets, 'loanToCost'];
  if (/\b(yield on (cost|tdc)|development yield)\b/i.test(text)) return ['yieldOnCost'];
  if (/\b(return on (my |our |the )?equity|roe)\b/i.test(text)) return ['returnOnEquity'];
  if (
    given.grv !== undefined &&
    given.grvIncGst === undefined &&
    /\b(gst[- ]inclusive|inc(l|luding)?\.? gst) (grv|gdv|revenue|value|end value)\b|\b(grv|gdv) (inc(l|luding)?\.?|inclusive of) gst\b/i.test(
      text,
    )
  )
    return ['grvIncGst'];
  // 'how many units to presell to reach $6m of presales at $750k each'
  if (
    targets.includes('units') &&
    given.presales !== undefined &&
    given.pricePerUnit !== undefined &&
    given.grv === undefined &&
    given.loan === undefined
  )
    return ['presalesCount'];
  if (!targets.length && given.grvIncGst !== undefined && /\bex\.?(cl(uding|\.)?)?\s*gst\b/i.test(text))
    return ['grv'];
  if (
    /(?<!(land|site|acquisition) )\b(cost|tdc)s? (per|\/|a) ?(unit|lot|apartment|townhouse|dwelling|home|door)\b/i.test(
      text,
    ) &&
    given.units !== undefined &&
    given.landPerUnit === undefined
  )
    return ['costPerUnit'];
  if (
    given.capRate !== undefined &&
    /\b(end|completion|capitali[sz]ed|investment|market|on completion) value\b|\bvalu(e|ation)\b|\bworth\b/i.test(
      text,
    )
  )
    return ['endValue'];
  if (/\bbreak[- ]?even\b/i.test(text) && given.units !== undefined && given.cost !== undefined)
    return ['costPerUnit'];
  if (
    /\b(price|sales?|revenue|grv|gdv|realisation|end value)( rate)? ?(per|\/|a) ?(sqm|sq\.? ?m|m2|m²|square met(re|er)s?)\b/i.test(
      text,
    ) &&
    given.salePerArea === undefined &&
    given.area !== undefined
  )
    return ['salePerArea'];
  // 'what does 1.2 mil at 9 per cent cost me a month': the interest.
  if (
    !targets.length &&
    given.rate !== undefined &&
    (/\bcost (me|us|you)\b/i.test(text) ||
      (given.loan !== undefined &&
        /\b(?:paying|pay|charged|charging)\b/i.test(text) &&
        /\bwhat(?:['’]s| is| does) that\b|\bhow much is that\b|\bwhat does that (?:come|work out)\b/i.test(
          text,
        )))
  )
    return [monthly ? 'monthlyInterest' : 'annualInterest'];
  if (
    /\b(cost|build|construction)( cost)?( rate)? ?(per|\/|a) ?(sqm|sq\.? ?m|m2|m²|square met(re|er)s?)\b/i.test(
      text,
    ) &&
    given.costPerArea === undefined &&
    given.area !== undefined
  )
    return ['costPerArea'];
  // 'loan $5m, 8 pc. Annual and monthly please': the interest a year and a month.
  if (
    given.rate !== undefined &&
    (given.loan !== undefined || given.cost !== undefined) &&
    /\b(?:annual|yearly|a year) and (?:monthly|a month)\b|\b(?:monthly|a month) and (?:annual|yearly|a year)\b/i.test(
      text,
    ) &&
    given.drawnShare === undefined &&
    given.averageBalance === undefined &&
    given.delayMonths === undefined
  )
    return ['annualInterest', 'monthlyInterest'];
  if ((given.drawnShare !== undefined || given.averageBalance !== undefined) && asksInterest)
    return [monthly && given.term === undefined ? 'averageMonthlyInterest' : 'averageInterest'];
  if (
    given.delayMonths !== undefined &&
    (asksInterest || /\bcost\b|\b(add|adds|extra)\b/i.test(text)) &&
    given.cost === undefined &&
    given.revenue === undefined &&
    given.grv === undefined
  )
    return ['delayInterest'];
  if (given.rateChange !== undefined) return ['rateChangeInterest'];
  if (given.mezz !== undefined && targets.includes('loanToCost') && /\bmezz/i.test(text))
    return ['loanToCost', 'debtToCost'];
  if (/\b(line|commitment|undrawn) fees?\b/i.test(text) && given.lineFeeAnnual === undefined) {
    if (
      given.term !== undefined &&
      /\btotal\b|\bover (the |an? |its )?(\d+[- ]?(months?|mths?|years?|yrs?) )?(term|loan|life|period)\b|\bfor the (term|life)\b|\bin all\b/i.test(
        text,
      )
    )
      return ['lineFeeMonthly', 'lineFeeTerm'];
    if (monthly) return ['lineFeeMonthly'];
    // A term given and no period asked: the fee a year and over the term (decision 077).
    if (given.term !== undefined && !/\b(a|per) year\b|\bannual(ly)?\b|\byearly\b/i.test(text))
      return ['lineFeeTerm'];
    if (given.lineFeeRate !== undefined && (targets.length === 0 || targets.includes('fee')))
      return ['lineFeeAnnual'];
  }
  // 'Stamp duty at 5.5% on a $4.8m site — how much?': the amount the rate gives.
  if (targets.length === 0 && given.dutyRate !== undefined) return ['duty'];
  if (targets.length === 0 && given.lineFeeRate !== undefined) return ['lineFeeAnnual'];
  if (targets.length === 0 && given.feeRate !== undefined) return ['fee'];
  if (
    ((given.presales ?? given.presalesIncGst) !== undefined || given.presalesCount !== undefined) &&
    given.presalesRequired === undefined &&
    /\bcover/i.test(text) &&
    targets.length === 0
  )
    return ['presalesCover'];
  if (given.presalesRequired !== undefined) {
    const has = (given.presales ?? given.presalesIncGst) !== undefined || given.presalesCount !== undefined;
    if (/\bhow many\b|\bunits\b|\blots\b|\bapartments\b|\bnumber of\b/i.test(text))
      return has ? ['presalesShortfall', 'presalesShortfallUnits'] : ['presalesUnits'];
    if (has) return ['presalesCover', 'presalesShortfall'];
  }
  return targets;
}

/** The figure (or report) a question asks for; null when it asks for none. */
export function targetOf(text: string, given: Figures, hasChange: boolean): Target | null {
  return targetsOf(text, given, hasChange)[0] ?? null;
}

/**
 * The figures (or the one report) a question asks for, in the order it names them: one mostly,
 * more when it names them together ('LVR and LTC on ...'); none when it asks for none.
 */
export function targetsOf(text: string, given: Figures, hasChange: boolean): Target[] {
  // A residual land value is what the question is about wherever it is named.
  if (
    /\bresidual\b|\bresid\b|\bmax(imum)? (i|we) (can|could) (pay|offer)|\bmax(imum)? (for|on) (the )?(site|land|dirt)\b/i.test(
      text,
    ) &&
    given.residualLand === undefined
  )
    return ['residualLand'];
  for (const [report, re, when] of reports)
    if (re.test(text) && (!when || when(given, text))) return [report];
  // 'Margin on cost? Also, LTC on a 6m loan?': each question asked adds its figures; one whose
  // figure is not recognised leaves the whole unanswered rather than half answered (issue 35).
  // 'Can you check my numbers?' asks for nothing of its own: only the questions that could.
  const questions = (text.match(/[^?]*\?/g) ?? []).filter((q) => !POLITE_ASK.test(q));
  if (questions.length >= 2) {
    const each = questions.map((q) => targetsOf(q, given, hasChange));
    return each.some((t) => t.length === 0) ? [] : [...new Set(each.flat())];
  }
  let targets: Target[] = [];
  const asks = [...text.matchAll(ASK)];
  const ask = asks.at(-1);
  if (ask) {
    const rest = text.slice(ask.index);
    const end = rest.search(/[.?!](\s|$)/);
    targets = askedIn(end < 0 ? rest : rest.slice(0, end + 1), given);
    // 'TDC, margin on cost, and what share of TDC is the build': figures listed before the asking
    // word, joined to it, are asked too.
    const sentence = text.slice(0, ask.index);
    // (after the sentence's last figure: the list names what is asked, not what is given)
    const from = Math.max(
      0,
      ...[...sentence.matchAll(/[.?!:](?:\s|$)/g)].map((m) => m.index + m[0].length),
      ...findQuantities(sentence).map((q) => q.end),
    );
    const listed = matchesIn(sentence.slice(from), given);
    let to = sentence.length - from;
    const before: Target[] = [];
    for (const m of listed.reverse()) {
      if (
        !JOINED.test(sentence.slice(from).slice(m.end, to)) ||
        !/[,&+/]|\band\b/.test(sentence.slice(from).slice(m.end, to))
      )
        break;
      before.unshift(m.target);
      to = m.at;
    }
    if (before.length && targets.length) targets = [...new Set([...before, ...targets])];
    // 'what's the LTC and how much equity': each asking part in the same sentence adds its figure.
    for (const earlier of asks.slice(0, -1).reverse()) {
      const part = text.slice(earlier.index, asks[asks.indexOf(earlier) + 1]!.index);
      if (/[.?!](\s|$)/.test(part.trimEnd().slice(0, -1))) break;
      const more = askedIn(part, given).filter((t) => !targets.includes(t));
      if (!more.length || !/\b(and|also|plus|as well as)\s*$|,\s*$/i.test(part)) break;
      targets = [...more, ...targets];
    }
  }
  // 'Rate needed: $360k a year on a $4m loan' asks in its heading.
  const heading = /^([^:\d]{2,40})(?::|\s[-–—]\s)/.exec(text)?.[1];
  if (!targets.length && heading) targets = askedIn(heading, given);
  // 'total dev cost? site 1,850k, …, interest 400k' asks in its opening question (decision 077).
  const opening = /^([^?.!,;:]{2,40}\?)\s*\S[^?]{8,}$/.exec(text)?.[1];
  if (!targets.length && opening) targets = askedIn(opening, given);
  // 'Profit of $1.8m on a total cost of $6m: margin on cost?' asks in its last clause.
  const last = text
    .split(/[,.;:—–](?:\s|$)|\s-\s|\?\s/)
    .filter((c) => c.trim())
    .at(-1);
  if (!targets.length && last) {
    targets = askedIn(last, given);
    // 'ICR, debt to equity and margin on cost?': a list the clause split cuts is read whole.
    const whole = askedIn(text, given);
    if (targets.length && whole.length > targets.length && targets.every((t) => whole.includes(t)))
      targets = whole;
  }
  if (!targets.length) targets = askedIn(text, given);
  targets = targets.map((t) =>
    // Interest with no period named is shown a year and a month (decision 077): a credit analyst
    // quotes both, and either one alone may be the other the asker meant.
    t === ('interest' as Target)
      ? given.term !== undefined
        ? 'termInterest'
        : /\bmonth/i.test(text)
          ? 'monthlyInterest'
          : 'annualInterest'
      : t,
  );
  targets = contextual(text, given, targets);
  if (hasChange)
    targets = targets.length ? targets.map((t) => whatIfTarget[t as Figure] ?? t) : ['newProfit'];
  return [...new Set(targets)];
}
