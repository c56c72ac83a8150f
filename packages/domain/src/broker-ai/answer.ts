import { formatAud, formatRate } from '../format';
import type { Norm, SourceKind } from './norms';

/** What the analyst answers: the text, and the figures behind it for tests and the memo. */
export interface AnalystAnswer {
  intent: Intent;
  text: string;
  /** Every figure the answer states, unrounded, by name. */
  figures: Record<string, number>;
  /** Ends with the general-information note. */
  isDecisionBearing: boolean;
  sources: { source: string; sourceKind: SourceKind }[];
}

export type Intent =
  | 'decline'
  | 'lvr'
  | 'loanToGrv'
  | 'loanToCost'
  | 'icr'
  | 'marginOnCost'
  | 'marginConversion'
  | 'debtToEquity'
  | 'monthlyInterest'
  | 'capitalisedInterest'
  | 'marginSchemeGst'
  | 'gstWithholding'
  | 'stressTest'
  | 'maxLoan'
  | 'quoteCost'
  | 'memo'
  | 'knowledge'
  | 'whatIf'
  | 'figure'
  | 'needInputs'
  | 'capabilities';

export const GENERAL_INFORMATION_NOTE = 'General information only, not financial advice.';

export const brokerAiMessages = {
  welcome:
    'Hi, I’m BrokerAI. Ask me to work out an LVR, loan to cost or GRV, margins, interest, GST under the margin scheme, stress tests or the largest loan a lender’s limits allow, or ask what a term means.',
  error: 'I apologize, but I encountered an error. Please try again.',
  capabilities:
    'I can work out, from the figures you give me: LVR on land, loan / GRV ex GST, loan / TDC, ICR, margin on cost and on revenue (and convert between them), debt / equity, monthly and capitalised interest, GST under the margin scheme and the buyer’s withholding, the stress tests lenders run (cost +10 %, revenue −10 %, a 6-month delay), the largest loan a lender’s limits allow and the all-in cost of a quote. I can also explain terms such as mezzanine, preferred equity, presales, GRV or the margin scheme. For example: “What is the LVR of a $2.6m loan on $4m of land?”',
  decline:
    'I can’t guarantee an outcome or give personal financial advice: whether a lender approves a loan, or what you should do with your money, depends on matters I can’t assess. I can work through the figures of a deal with you (LVR, loan to cost, margins, stress tests) and explain how lenders usually look at them; for advice on your own circumstances, please speak to a licensed adviser or your broker.',
} as const;

/** A percentage to one decimal (15.254 → '15.3%'), through the product's one rate format. */
export const pct = (value: number) => formatRate(Math.round(value * 10) / 10);
/** A rate as the person gave it (up to two decimals: 8.75 → '8.75%'), for the inputs of a working. */
export const givenPct = (value: number) => formatRate(value);
/** A multiple to two decimals (1.5 → '1.50x'). */
export const times = (value: number) => `${value.toFixed(2)}x`;
export const aud = formatAud;

/** A norm in one line, with the kind of its source. */
export const normLine = (norm: Norm) => `Typical: ${norm.text} (source: ${norm.source}; ${norm.sourceKind}.)`;

export function answer(
  intent: Intent,
  lines: (string | false | null | undefined)[],
  figures: Record<string, number> = {},
  options: { isDecisionBearing?: boolean; sources?: AnalystAnswer['sources'] } = {},
): AnalystAnswer {
  const isDecisionBearing = options.isDecisionBearing ?? true;
  const body = lines.filter((l): l is string => typeof l === 'string' && l.length > 0);
  if (isDecisionBearing) body.push(GENERAL_INFORMATION_NOTE);
  return { intent, text: body.join('\n'), figures, isDecisionBearing, sources: options.sources ?? [] };
}

/** What the analyst says when a calculation lacks inputs: what it needs, with an example. */
export function needInputs(what: string, missing: string[], example: string): AnalystAnswer {
  return answer(
    'needInputs',
    [`To work out ${what} I need ${missing.join(' and ')}.`, `For example: “${example}”`],
    {},
    { isDecisionBearing: false },
  );
}
