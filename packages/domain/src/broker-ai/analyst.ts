import { type AnalystAnswer, answer, brokerAiMessages } from './answer';
import * as calc from './calculations';
import { searchKnowledge } from './knowledge';
import { parseQuantities } from './parse';

/**
 * The built-in analyst (issue 11): routes a plain question to a finance tool or the knowledge base.
 * Every figure it states comes from tools.ts; when it cannot answer it says what it can do.
 */

// A guarantee of an outcome or advice on the asker's own money is declined. ('Director
// guarantees' as security are a term to explain, not a request.)
const DECLINE =
  /\b(can|could|will|would) you guarantee|\bguarantee(d)? (me|that|approval|the loan|a return|returns|i|we|my|funding)|\bguaranteed (return|approval|profit)|\bshould i (invest|buy|borrow|take|sign|accept|put|sell|go with)|\bwhat should i (invest|do with|buy)|\bgood investment for me\b|\bmy (super|superannuation|savings|retirement)\b|\bpersonal (financial )?advice\b|\bwill (i|we) (get|be) approved\b/i;

interface Route {
  when: RegExp;
  /** Needs at least one figure in the question (or a bound deal); otherwise the knowledge base answers. */
  needsFigures: boolean;
  run: (i: calc.Inputs) => AnalystAnswer;
}

// First match wins, so the narrower questions come first.
const routes: Route[] = [
  {
    when: /margin\b.*\bon (revenue|gdv|grv|sales)\b.*\bon cost\b|margin\b.*\bon cost\b.*\bon (revenue|gdv|grv|sales)\b|\bconvert\b.*\bmargin/i,
    needsFigures: true,
    run: (i) => (i.amounts.length ? calc.marginAnswer(i) : calc.marginConversionAnswer(i)),
  },
  {
    when: /\bstress|sensitivit|\bdownside\b|cost overrun|\bblow ?out\b/i,
    needsFigures: true,
    run: calc.stressAnswer,
  },
  {
    when: /\bmax(imum)? (loan|borrowing|facility)|\bhow much (can|could|will|would) (i|we|a lender|the lender|they) (borrow|lend)|\blargest loan|\bborrowing capacity/i,
    needsFigures: true,
    run: calc.maxLoanAnswer,
  },
  // Before GST: 'loan to GRV ex GST' is a loan ratio, not a GST question.
  { when: /loan[- ]to[- ]grv|loan \/ grv/i, needsFigures: true, run: calc.loanToGrvAnswer },
  { when: /withh[oe]ld/i, needsFigures: true, run: calc.withholdingAnswer },
  { when: /margin scheme|\bgst\b/i, needsFigures: true, run: calc.gstAnswer },
  {
    when: /all[- ]in|establishment fee|\btotal cost of (the|this|a|my) (quote|loan|facility)|\bquote cost/i,
    needsFigures: true,
    run: calc.quoteCostAnswer,
  },
  { when: /\bicr\b|interest cover/i, needsFigures: true, run: calc.icrAnswer },
  {
    when: /monthly interest|interest (per|a|each|every) month|\binterest\b.*\b(per|a) month|\bmonthly (cost|payment|repayment)/i,
    needsFigures: true,
    run: (i) => calc.interestAnswer(i, false),
  },
  {
    when: /capitali[sz]ed|total interest|interest (over|for|across) |interest bill|how much interest/i,
    needsFigures: true,
    run: (i) => calc.interestAnswer(i, true),
  },
  {
    when: /debt[- ]?(to|\/)[- ]?equity|\bd\/e\b|\bgearing\b/i,
    needsFigures: true,
    run: calc.debtToEquityAnswer,
  },
  {
    when: /loan[- ]to[- ]cost|\bltc\b|\btdc\b|loan \/ cost/i,
    needsFigures: true,
    run: calc.loanToCostAnswer,
  },
  {
    when: /loan[- ]to[- ]grv|\bgrv\b|gross realis|\bend value\b|\bgdv\b/i,
    needsFigures: true,
    run: calc.loanToGrvAnswer,
  },
  { when: /\blvr\b|loan[- ]to[- ]value/i, needsFigures: true, run: calc.lvrAnswer },
  { when: /\bmargin\b|\bprofit\b|\bfeaso\b|feasibility/i, needsFigures: true, run: calc.marginAnswer },
  { when: /\binterest\b/i, needsFigures: true, run: (i) => calc.interestAnswer(i, false) },
];

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

/** The built-in analyst's answer to one question. */
export function answerQuestion(question: string, context: AnalystContext = {}): AnalystAnswer {
  const text = question.trim();
  if (isDeclinedRequest(text)) return declineAnswer();
  const quantities = parseQuantities(text);
  const hasDeal = !!context.deal && Object.values(context.deal).some((v) => v != null);
  const refersToDeal = hasDeal && /\b(this|the|my|our) (deal|project|loan|site|development)\b/i.test(text);
  const inputs = new calc.Inputs(text, quantities, refersToDeal ? context.deal : {});
  const hasFigures = quantities.some((q) => q.kind === 'amount' || q.kind === 'rate') || refersToDeal;
  const route = routes.find((r) => r.when.test(text));
  if (route && (hasFigures || !route.needsFigures)) return route.run(inputs);
  const known = knowledgeAnswer(text);
  if (known) return known;
  // A route matched but no figure was given, and no entry explains it: say what it needs.
  if (route) return route.run(inputs);
  return answer('capabilities', [brokerAiMessages.capabilities], {}, { isDecisionBearing: false });
}
