import { type AnalystAnswer, answer, brokerAiMessages } from './answer';
import * as calc from './calculations';
import { searchKnowledge } from './knowledge';
import { type Figure, type Figures, type Reading, readQuestion } from './quantities';
import { propagate } from './solve';
import { type Report, type Target, targetsOf } from './targets';
import { figureAnswer, joinAnswers, withUnnamed } from './working';

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
  put('profit', deal.profit);
  put('equity', deal.equity);
  put('rate', deal.ratePercent);
  put('term', deal.termMonths);
  return out;
}

const capabilities = () =>
  answer('capabilities', [brokerAiMessages.capabilities], {}, { isDecisionBearing: false });

/** The built-in analyst's answer to one question. */
export function answerQuestion(question: string, context: AnalystContext = {}): AnalystAnswer {
  const text = question.trim();
  if (isDeclinedRequest(text)) return declineAnswer();
  const reading = readQuestion(text);
  const hasDeal = !!context.deal && Object.values(context.deal).some((v) => v != null);
  const refersToDeal =
    hasDeal && /\b(this|the|my|our) (deal|project|loan|site|development)\b/i.test(reading.text);
  const targets = targetsOf(reading.text, reading.given, reading.hasChange);
  const target = targets[0];
  const hasFigures = reading.count > 0 || refersToDeal;
  if (!target || !hasFigures) {
    const known = knowledgeAnswer(text);
    if (known) return known;
    if (!target) return capabilities();
  }
  const deal = refersToDeal && context.deal ? dealFigures(context.deal) : {};
  const given = withUnnamed({ ...deal, ...reading.given }, target!, reading.unnamed);
  const solution = propagate(given, reading.hasChange);
  if (isReport(target!)) {
    // 'How much can I borrow at a 1.5x ICR on $750k of NOI at 7%?': no lender limits, but the
    // figures give the loan another way.
    const isLoanOtherwise =
      target === 'maxLoan' &&
      given.loan === undefined &&
      solution.known.loan !== undefined &&
      [given.loanToGrv, given.loanToCost, given.lvr].every((v) => v === undefined);
    if (!isLoanOtherwise) return reports[target](solution.known, { ...reading, given });
    return figureAnswer('loan', solution, reading, reading.hasChange);
  }
  return joinAnswers(
    targets
      .filter((t): t is Figure => !isReport(t))
      .map((t) => figureAnswer(t, solution, reading, reading.hasChange)),
  );
}
