import {
  type AnalystAnswer,
  answer,
  aud,
  brokerAiMessages,
  GENERAL_INFORMATION_NOTE,
  givenPct,
} from './answer';
import * as calc from './calculations';
import { allInRate, composeAnswer, unitGroupsAsGrv } from './compose';
import { inBalanceFromQuestion } from './in-balance-question';
import { searchKnowledge } from './knowledge';
import { findQuantities } from './parse';
import { presalesNeeded } from './presales-needed';
import { type Figure, type Figures, type Reading, readQuestion } from './quantities';
import { rangeAnswer, rangeIn } from './ranges';
import { rateOfAmount } from './rate-of-amount';
import { rewriteQuestion } from './rewrites';
import { salesFee } from './sales-fee';
import { chainOf, lineOf, propagate } from './solve';
import { type Report, type Target, targetsOf } from './targets';
import * as tools from './tools';
import { askAboutUnused, restsOn, unexplainedFigures } from './unused';
import { digitsForWords, expandShorthand } from './words';
import { about, figureAnswer, joinAnswers, withUnnamed } from './working';

/**
 * The built-in analyst (issues 11 and 21): reads the figures a question names, finds the one it
 * asks for and works it out through the relations between them (solve.ts), or answers from the
 * knowledge base. Every figure it states comes from tools.ts; when it cannot answer it says what
 * it can do, or exactly which figures it needs.
 */

// A guarantee of an outcome or advice on the asker's own money is declined. ('Director
// guarantees' as security are a term to explain, not a request.)
const DECLINE =
  /\b(can|could|will|would) you guarantee|\bguarantee(d)? (me|that|approval|the loan|a return|returns|i|we|my|funding)|\bguaranteed (return|approval|profit)|\bshould i (invest|buy|borrow|take|sign|accept|put|sell|go with)|\bwhat should i (invest|do with|buy)|\bgood investment for me\b|\bmy (own )?(super|superannuation|savings|retirement)\b|\b(good|bad|smart) idea for (me|us)\b|\bpersonal (financial )?advice\b|\bwill (i|we) (get|be) approved\b/i;

/** MiniSearch scores below this are noise, not an answer. */
const KNOWLEDGE_MIN_SCORE = 4;

function knowledgeAnswer(question: string): AnalystAnswer | null {
  const [best, second] = searchKnowledge(question, 2);
  if (!best || best.score < KNOWLEDGE_MIN_SCORE) return null;
  const entries = second && second.score >= best.score * 0.8 ? [best.entry, second.entry] : [best.entry];
  return answer(
    'knowledge',
    entries.map((e) => `${e.title}: ${e.text} (Source: ${e.source}; ${e.sourceKind}.)`),
    {},
    {
      isDecisionBearing: true,
      sources: entries.map((e) => ({ source: e.source, sourceKind: e.sourceKind })),
    },
  );
}

export interface AnalystContext {
  /** The bound deal's figures the asker may see. */
  deal?: calc.DealFacts;
}

/** Whether a question asks for a guarantee or for personal advice: declined whoever answers. */
export const isDeclinedRequest = (question: string) => DECLINE.test(question);

/** The decline, as the analyst words it. */
export const declineAnswer = () =>
  answer('decline', [brokerAiMessages.decline], {}, { isDecisionBearing: true });

const reports: Record<Report, (k: Figures, r: Reading) => AnalystAnswer> = {
  stress: calc.stressAnswer,
  maxLoan: calc.maxLoanAnswer,
  gst: calc.gstAnswer,
  withholding: calc.withholdingAnswer,
  allInCost: calc.quoteCostAnswer,
};

const isReport = (t: Target): t is Report => t in reports;

/** The bound deal's figures, under the names the solver uses. */
function dealFigures(deal: calc.DealFacts): Figures {
  const out: Figures = {};
  const put = (f: Figure, v: number | null | undefined) => {
    if (typeof v === 'number' && Number.isFinite(v)) out[f] = v;
  };
  put('loan', deal.loan);
  put('land', deal.land);
  put('cost', deal.cost);
  put('construction', deal.construction);
  put('revenue', deal.revenue);
  // The profit follows from the revenue and the cost (so a question's own cost or revenue moves it).
  if (out.revenue === undefined || out.cost === undefined) put('profit', deal.profit);
  put('equity', deal.equity);
  put('rate', deal.ratePercent);
  put('term', deal.termMonths);
  return out;
}

/** How the working names a project's figure. */
const dealNames: Partial<Record<Figure, string>> = {
  loan: 'loan',
  land: 'land value',
  cost: 'total development cost',
  construction: 'construction cost',
  revenue: 'revenue (GRV ex GST)',
  profit: 'expected profit',
  equity: 'equity',
  rate: 'interest rate',
  term: 'term',
};

const dealValue = (f: Figure, v: number) =>
  f === 'rate' ? givenPct(v) : f === 'term' ? `${v} months` : aud(v);

/** The line naming the project's figures a working used (the question's own figures override them). */
function fromProjectLine(used: Figure[], deal: Figures) {
  if (!used.length) return null;
  return `From the project (not in your question): ${used.map((f) => `${dealNames[f]} ${dealValue(f, deal[f]!)}`).join(', ')}.`;
}

/** Every figure each multi-figure answer reads (the check for figures it leaves out). */
const reportReads: Record<Report, Figure[]> = {
  stress: [
    'cost',
    'revenue',
    'loan',
    'rate',
    'newCost',
    'newRevenue',
    'hurdle',
    'marginOnCost',
    'delayMonths',
    'holding',
  ],
  maxLoan: ['grv', 'cost', 'sale', 'lvr', 'loanToGrv', 'loanToCost'],
  gst: ['purchase', 'land', 'sale', 'grv', 'revenue'],
  withholding: ['sale', 'purchase', 'revenue'],
  allInCost: ['loan', 'cost', 'rate', 'term', 'fee', 'feeRate', 'lineFeeRate'],
};

/** The figures each multi-figure answer rests on. */
const reportInputs: Record<Report, Figure[]> = {
  stress: ['cost', 'revenue', 'loan', 'rate', 'newCost', 'newRevenue'],
  maxLoan: ['grv', 'cost', 'land'],
  gst: ['purchase', 'land', 'sale', 'grv'],
  withholding: ['sale', 'purchase', 'revenue'],
  allInCost: ['loan', 'rate', 'term'],
};

const ROLE_HINT =
  'land, construction, soft costs, finance costs, GRV, the loan, equity, a price per unit, a rate or a term';

/** The reply when some figure of the question has no role: it names it and asks (issue 35). */
function askAboutUnplaced(unplaced: string[], what: string): AnalystAnswer {
  const list = unplaced
    .map((u) => {
      const q = findQuantities(u)[0];
      return q?.kind === 'amount' && aud(q.value) !== u ? `“${u}” (${aud(q.value)})` : `“${u}”`;
    })
    .join(' and ');
  return answer(
    'needInputs',
    [
      `I couldn’t tell what ${list} ${unplaced.length > 1 ? 'are' : 'is'} in your question, so I haven’t worked anything out yet: a figure I can’t place could change ${what}.`,
      `Tell me what ${unplaced.length > 1 ? 'each is' : 'it is'} (${ROLE_HINT}) and I’ll work it out line by line.`,
    ],
    {},
    { isDecisionBearing: false },
  );
}

const capabilities = () =>
  answer('capabilities', [brokerAiMessages.capabilities], {}, { isDecisionBearing: false });

/** A question that asks what something means or how it works, not for a figure. */
const KNOWLEDGE_ASK =
  /\b(mean|means|meaning|explain|definition|define|typical(ly)?|usual(ly)?|normal(ly)?|common(ly)?|how does|how do|what is an? |what are|difference|why)\b/i;

/** Periods the analyst does not work in: a figure for a year or a month would answer another question. */
const OTHER_PERIOD =
  /\b(?:per|a|an|each|every)\s+(quarter|week|fortnight|day)\b|\b(quarter|week|fortnight|dai)ly\b/i;

/** Figures a year that a quarter's share is worked from. */
const YEARLY_FIGURES = ['lineFeeAnnual', 'annualInterest'];

/** The built-in analyst's answer to one question (issue 35: never one for another period). */
export function answerQuestion(question: string, context: AnalystContext = {}): AnalystAnswer {
  const reply = namedFee(question, answerWhole(question, context));
  const period = OTHER_PERIOD.exec(question);
  if (
    !period ||
    reply.intent === 'needInputs' ||
    reply.intent === 'capabilities' ||
    reply.intent === 'knowledge'
  )
    return reply;
  const word = (period[1] ?? period[2]!).replace(/^dai$/, 'day');
  if (new RegExp(`\\b${word}`, 'i').test(reply.text)) return reply;
  // 'line fee 1.25 per cent on a $12m facility, per quarter': a year's interest or fee, over four.
  if (word === 'quarter') {
    const yearly = answerWhole(
      question.replace(period[0], /ly$/i.test(period[0]) ? 'annual' : 'a year'),
      context,
    );
    const keys = Object.keys(yearly.figures).filter((k) => YEARLY_FIGURES.includes(k));
    if (yearly.intent !== 'needInputs' && keys.length === 1) {
      const year = yearly.figures[keys[0]!]!;
      const quarter = tools.perMultiple(year, 4)!;
      const lines = yearly.text.split('\n').filter((l) => l !== GENERAL_INFORMATION_NOTE);
      return answer(
        'figure',
        [...lines, `A quarter: ${aud(year)} a year / 4 = ${aud(quarter)}.`],
        { ...yearly.figures, quarter },
        { isDecisionBearing: yearly.isDecisionBearing },
      );
    }
  }
  return answer(
    'needInputs',
    [
      `You asked for a figure per ${word}; I work interest and fees a year, a month and over a term in months, so I haven’t given one that would answer another question.`,
      'Ask me for it a month or a year (or over a number of months) and I’ll work it out line by line.',
    ],
    {},
    { isDecisionBearing: false },
  );
}

/** A cost line a question may name without its figure. */
const COST_LINE =
  "(?:soft costs?|finance costs?|(?:professional |consultants?[’']? |council |selling |agent[’']?s? )?fees|consultants|contingency|holding costs?|legals|legal costs|stamp duty|duty|marketing(?: costs?)?|selling costs?|(?:council |developer |infrastructure )?contributions|infrastructure charges|interest|other costs)";
/**
 * 'land 3m, build 8m, plus some soft costs', 'finance costs TBC': a line of the cost named with no
 * figure. Any total worked without it would be short, so the analyst asks for it (decision 077).
 */
const UNPRICED_LINE = new RegExp(
  `\\b(?:some|plus|and|also|with|other)\\s+(?:some\\s+|the\\s+|other\\s+)?(${COST_LINE})\\b(?=\\s*(?:[.;?!]|$|,\\s*(?:what|how|ltc|lvr|margin|tdc|and|plus|with|but|then|a|an|the|loan|debt)\\b))|\\b(${COST_LINE})(?![^.,;?]*\\d)\\s*(?:are|is|still)?\\s*(?:tbc|tba|tbd|unknown|to come|not (?:yet )?(?:known|priced|costed|confirmed|in)|(?:still|yet) to be (?:confirmed|priced|costed|worked out))\\b`,
  'i',
);

function unpricedLine(text: string): AnalystAnswer | null {
  const m = UNPRICED_LINE.exec(text);
  if (!m || findQuantities(text).length === 0) return null;
  const line = (m[1] ?? m[2]!).toLowerCase();
  const them = /s$/.test(line) ? 'them' : 'it';
  return answer(
    'needInputs',
    [
      `You mention ${line} but give no figure for ${them}, so any total cost I worked out would be short of ${them}; I haven’t worked anything out yet.`,
      `Tell me the ${line} (or that there are none) and I’ll work it out line by line.`,
    ],
    {},
    { isDecisionBearing: false },
  );
}

/**
 * Words that change how much a loan covers which the reader does not model ('build 12m fully
 * funded' beside a land LVR): asked about rather than left out of the loan (decision 077).
 */
const UNMODELLED_FUNDING =
  /\b(?:fully|wholly|100\s*%|100 per ?cent)\s+(?:debt[- ])?(?:funded|financed)\b|\bfunded in full\b|\bfinanced in full\b/i;

function unmodelledFunding(text: string): AnalystAnswer | null {
  const m = UNMODELLED_FUNDING.exec(text);
  if (!m || findQuantities(text).length === 0) return null;
  return answer(
    'needInputs',
    [
      `I can’t yet work out what “${m[0]}” adds to the loan alongside your other figures, so I haven’t worked anything out.`,
      'Tell me the total loan (or each part of it as an amount) and I’ll work the rest out line by line.',
    ],
    {},
    { isDecisionBearing: false },
  );
}

function answerWhole(question: string, context: AnalystContext): AnalystAnswer {
  const text = expandShorthand(question.trim());
  if (isDeclinedRequest(text)) return declineAnswer();
  const unpriced = unpricedLine(text) ?? unmodelledFunding(text);
  if (unpriced) return unpriced;
  // 'sales between 12m and 12.5m': worked at each end of the range.
  const range = rangeIn(text);
  if (range) return rangeAnswer(range, (q) => answerQuestion(q, context));
  // 'can you check the LTC - I make it 75 pct - loan 9m, TDC 12m': worked without the asker's
  // own result, then compared with it.
  const claim = CLAIM.exec(text);
  if (claim) return checkedClaim(answerQuestion(text.replace(claim[0], ' ').trim(), context), claim[1]!);
  // '2 buildings of 20 units each', 'up by a fifth', 'sales 12m less 3% selling costs', 'TDC 12m
  // excluding finance costs of 1m', '0.5% per quarter': read into a shape it places, shown first.
  const rewritten = rewriteQuestion(text);
  if (rewritten.lead.length) {
    const inner = answerQuestion(rewritten.text, context);
    // Asked back, the question is asked about as written (never in the rewritten figures).
    if (inner.intent !== 'needInputs' && inner.intent !== 'capabilities' && inner.intent !== 'knowledge')
      return { ...inner, text: `${rewritten.lead.join('\n')}\n${inner.text}` };
  }
  const balance = inBalanceFromQuestion(digitsForWords(text));
  if (balance) return balance;
  const onSales = salesFee(digitsForWords(text));
  if (onSales) return onSales;
  const shortOf = presalesNeeded(digitsForWords(text));
  if (shortOf) return shortOf;
  const composed = composeAnswer(text);
  if (composed) return composed;
  // 'margin of 425 bps over BBSY at 4.15 %': read with the all-in rate, its sum shown first.
  const rates = allInRate(text);
  if (rates.lead.length) {
    const inner = answerQuestion(rates.text, context);
    return inner.intent === 'needInputs' || inner.intent === 'capabilities'
      ? inner
      : { ...inner, text: `${rates.lead.join('\n')}\n${inner.text}` };
  }
  // '12 apartments at 685k and 2 penthouses at 1.6m, TDC 9.8m': the groups summed into the GRV first.
  const grouped = unitGroupsAsGrv(text);
  if (grouped.lead.length) {
    const inner = answerQuestion(grouped.text, context);
    return inner.intent === 'needInputs' || inner.intent === 'capabilities'
      ? inner
      : { ...inner, text: `${grouped.lead.join('\n')}\n${inner.text}` };
  }
  const reading = readQuestion(text);
  const deal = context.deal ? dealFigures(context.deal) : {};
  const hasDeal = Object.keys(deal).length > 0;
  const targets = targetsOf(reading.text, { ...deal, ...reading.given }, reading.hasChange).filter(
    // A figure the project has is still worked out when the question asks for it.
    (t) => t !== undefined,
  );
  const ownTargets = targetsOf(reading.text, reading.given, reading.hasChange);
  // 'GRV and margin-scheme GST?': the GST's working shows the GRV it is worked on.
  const gstWithGrv =
    ownTargets.includes('gst') && ownTargets.every((t) => ['gst', 'grv', 'revenue'].includes(t as string));
  const target = gstWithGrv ? 'gst' : (ownTargets[0] ?? targets[0]);
  const hasFigures = reading.count > 0 || hasDeal;
  if (!target || !hasFigures) {
    // A knowledge answer only to a knowledge question: figures with no figure asked for are asked about.
    const share = hasDeal || reading.unplaced.length ? null : rateOfAmount(reading.text);
    if (share) return share;
    if (findQuantities(reading.text).length >= 1 && !KNOWLEDGE_ASK.test(reading.text)) return capabilities();
    const known = knowledgeAnswer(text);
    if (known) return known;
    if (!target) return capabilities();
  }
  // Unnamed amounts fill the calculation's inputs in order when no amount is named at all ('LVR
  // of 2.6m on 4m'), or when they stand as its base ('what rate is $600k a year on a 7.5 mil loan');
  // any other is a figure it could not place.
  const namesAmounts = reading.namedAmounts > 0;
  const fills = reading.unnamed.filter((_, i) => !namesAmounts || reading.unnamedIsBase[i]);
  const own = withUnnamed(reading.given, target!, fills);
  const used = Object.keys(own).length - Object.keys(reading.given).length;
  const leftover = [...fills.slice(used), ...reading.unnamed.filter((v) => !fills.includes(v))];
  const unplaced = [...reading.unplaced, ...leftover.map((v) => unnamedAsWritten(reading.text, v))];
  const whatName = about[target as Figure]?.name ?? 'the answer';
  if (unplaced.length) return askAboutUnplaced(unplaced, whatName);
  // 'margin on 10m and 12m?': unnamed amounts side by side could stand for either input.
  const sideBySide = namesAmounts ? [] : unnamedSideBySide(reading.text);
  if (sideBySide.length) return askAboutUnplaced(sideBySide, whatName);
  // 'Mezz of $2m at 15% for 12 months, interest?': the mezzanine is the loan the interest is on.
  if (own.loan === undefined && own.mezz !== undefined && /interest|allInCost/i.test(String(target))) {
    own.loan = own.mezz;
    delete own.mezz;
  }
  // 'All in land: price $4.4m': the price is the land's.
  if (
    ['landAllIn', 'duty'].includes(target as string) &&
    own.land === undefined &&
    own.purchase === undefined &&
    own.sale !== undefined
  ) {
    own.land = own.sale;
    delete own.sale;
  }
  const given = { ...deal, ...own };
  const solution = propagate(given, reading.hasChange);
  const dealUsed = (figures: Figure[]) =>
    [...restsOn(solution, figures)].filter((f) => deal[f] !== undefined && own[f] === undefined);
  const withProject = (a: AnalystAnswer, figures: Figure[]) => {
    const line = fromProjectLine(dealUsed(figures), deal);
    return line ? { ...a, text: `${line}\n${a.text}` } : a;
  };
  if (isReport(target!)) {
    // 'How much can I borrow at a 1.5x ICR on $750k of NOI at 7%?': no lender limits, but the
    // figures give the loan another way.
    const isLoanOtherwise =
      target === 'maxLoan' &&
      own.loan === undefined &&
      solution.known.loan !== undefined &&
      [own.loanToGrv, own.loanToCost, own.lvr].every((v) => v === undefined) &&
      !hasDeal;
    if (!isLoanOtherwise) {
      const inputs = reportInputs[target as Report];
      const lead = chainOf(solution, inputs)
        .flatMap((s) => lineOf(s, solution.known)?.split('\n') ?? [])
        .filter((l) => !/^(New cost|New revenue)/.test(l) || target !== 'stress');
      const stressLead =
        target === 'stress'
          ? chainOf(solution, ['newCost', 'newRevenue']).flatMap(
              (s) => lineOf(s, solution.known)?.split('\n') ?? [],
            )
          : [];
      const done = reports[target as Report](solution.known, {
        ...reading,
        given: own,
        lead: [...lead, ...stressLead],
      });
      if (done.intent === 'needInputs') return done;
      // The largest loan reads the land only under an LVR limit.
      const reads = [
        ...reportReads[target as Report],
        ...(target === 'maxLoan' && own.lvr !== undefined ? (['land'] as Figure[]) : []),
      ];
      const unexplained = unexplainedFigures(
        own,
        solution,
        reads,
        reading.hasChange,
        reading.text,
        reading.written,
      );
      if (unexplained.length) return askAboutUnused(unexplained, reading, whatName);
      // 'How much can I borrow and how much equity do I need?': the equity too, or nothing.
      if (target === 'maxLoan' && EQUITY_TOO.test(reading.text)) {
        const equity = tools.equityGap(solution.known.cost, done.figures.maxLoan);
        if (equity === null || solution.known.cost === undefined) return capabilities();
        const lines = done.text.split('\n');
        const at = lines.at(-1) === GENERAL_INFORMATION_NOTE ? lines.length - 1 : lines.length;
        lines.splice(
          at,
          0,
          `Equity: ${aud(solution.known.cost)} TDC − ${aud(done.figures.maxLoan!)} loan = ${aud(equity)}.`,
        );
        return withProject({ ...done, text: lines.join('\n'), figures: { ...done.figures, equity } }, inputs);
      }
      return withProject(done, inputs);
    }
    return figureAnswer('loan', solution, reading, reading.hasChange);
  }
  const asked = (ownTargets.length ? ownTargets : targets).filter((t): t is Figure => !isReport(t));
  const done = joinAnswers(asked.map((t) => figureAnswer(t, solution, reading, reading.hasChange)));
  if (done.intent === 'needInputs') return done;
  const shown = asked.flatMap((t) => [t, ...(about[t]?.with ?? [])]);
  const unexplained = unexplainedFigures(
    own,
    solution,
    shown,
    reading.hasChange,
    reading.text,
    reading.written,
  );
  if (unexplained.length) return askAboutUnused(unexplained, reading, whatName);
  return withProject(done, asked);
}

/** 'exit fee of 50 bps on $18m': the fee named as the question names it, not as an establishment fee. */
function namedFee(question: string, reply: AnalystAnswer): AnalystAnswer {
  const m = /\b(exit|application|commitment|arrangement|brokerage|broker|valuation)\s+fee\b/i.exec(question);
  if (!m || /\bestablishment\b/i.test(question) || !/^Establishment fee:/m.test(reply.text)) return reply;
  const name = `${m[1]![0]!.toUpperCase()}${m[1]!.slice(1).toLowerCase()} fee:`;
  return { ...reply, text: reply.text.replace(/^Establishment fee:/m, name) };
}

const EQUITY_TOO =
  /\b(?:and|also|plus)\b[^.?]{0,30}\b(?:how much equity|equity (?:do|would|will|should) (?:i|we)|what equity|equity (?:required|needed)|how much (?:do|would|will|should|must) (?:i|we) (?:have to |need to )?(?:put in|contribute|chip in|tip in|bring))/i;

const CLAIM =
  /\s*[-–—,(]?\s*\b(?:i|we)(?:['’]ve)? (?:make it|get|got|calc(?:ulate)?d? it (?:at|as)|have it (?:at|as)|reckon it(?:['’]s| is)|think it(?:['’]s| is))\s+(\d[\d,.]*\s*(?:%|pc\b|pct\b|per ?cent\b|percent\b|x\b))(?=\s*(?:[,.;:)?!–—-]|$|but\b|and\b|so\b|is (?:that|it)\b|can you\b|right\b|correct\b|ok\b))\s*[-–—,)]?/i;

/** The answer to a question with the asker's own result taken out, and whether it agrees. */
function checkedClaim(inner: AnalystAnswer, claimed: string): AnalystAnswer {
  const v = findQuantities(claimed)[0]?.value;
  if (inner.intent === 'needInputs' || inner.intent === 'capabilities' || v === undefined) return inner;
  const agrees = Object.values(inner.figures).some(
    (f) => typeof f === 'number' && Math.abs(f - v) <= Math.max(0.05, Math.abs(v) * 5e-4),
  );
  const line = `You had ${claimed.trim()}: ${agrees ? 'that agrees with the working above' : 'that does not match the working above'}.`;
  const lines = inner.text.split('\n');
  const at = lines.at(-1) === GENERAL_INFORMATION_NOTE ? lines.length - 1 : lines.length;
  lines.splice(at, 0, line);
  return { ...inner, text: lines.join('\n') };
}

/** Unnamed amounts written side by side ('10m and 12m', '4m, 6m'), as written: their order says nothing. */
function unnamedSideBySide(text: string) {
  const amounts = findQuantities(text).filter((q) => q.kind === 'amount');
  for (let i = 1; i < amounts.length; i++)
    if (/^\s*(?:,|and|&|\/|or)?\s*$/i.test(text.slice(amounts[i - 1]!.end, amounts[i]!.start)))
      return amounts.map((q) => text.slice(q.start, q.end).trim());
  return [];
}

/** An unnamed amount as the question wrote it, for asking about it. */
function unnamedAsWritten(text: string, value: number) {
  const q = findQuantities(text).find((x) => x.kind === 'amount' && x.value === value);
  return q ? text.slice(q.start, q.end).trim() : aud(value);
}
