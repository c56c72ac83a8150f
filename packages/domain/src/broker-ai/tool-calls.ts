import { z } from 'zod';
import { answerQuestion } from './analyst';
import type { DealFacts } from './calculations';
import { searchKnowledge } from './knowledge';
import { norms } from './norms';
import * as tools from './tools';

/**
 * The finance tools as function calls a language model may make (issue 11: the same tools, so the
 * numbers still come from our code). Each has a zod schema for its arguments (sent to the model
 * as JSON Schema) and runs the tool of tools.ts.
 */

const money = (what: string) => z.number().describe(`${what}, in AUD`);
const percent = (what: string) => z.number().describe(`${what}, in percent (9 for 9 %)`);

interface ToolCall<S extends z.ZodType> {
  description: string;
  args: S;
  run: (args: z.infer<S>, context: { deal?: DealFacts }) => unknown;
}

const call = <S extends z.ZodType>(t: ToolCall<S>) => t;

export const toolCalls = {
  analyse_question: call({
    description:
      "Works out every figure a development-finance question asks for from the figures it gives, line by line (cost lines summed into TDC, units × price, shares of a total either way, 'X is Y % of Z', interest on an average drawn balance or for a delay, fees per period, stamp duty in tiers, residual land value, capital stacks, presale cover and shortfalls, LVR, LTC, margins, ICR, stress cases), using the bound project's figures for what the question leaves out; or names the figure it could not place and asks for it. Pass the user's question exactly as written.",
    args: z.object({ question: z.string().min(1).max(2000).describe("The user's question, verbatim") }),
    run: (a, context) => {
      const result = answerQuestion(a.question, { deal: context.deal });
      return { answer: result.text, figures: result.figures, asks: result.intent === 'needInputs' };
    },
  }),
  lvr_on_land: call({
    description: "The platform's LVR: loan / land value x 100",
    args: z.object({ loan: money('Loan amount'), land_value: money('Land value') }),
    run: (a) => ({ lvr_percent: tools.lvrOnLand(a.loan, a.land_value), norm: norms.lvrOnLand.text }),
  }),
  loan_to_grv: call({
    description: 'Loan / gross realisation value ex GST x 100',
    args: z.object({ loan: money('Loan amount'), grv_ex_gst: money('GRV excluding GST') }),
    run: (a) => ({ loan_to_grv_percent: tools.loanToGrv(a.loan, a.grv_ex_gst), norm: norms.loanToGrv.text }),
  }),
  loan_to_cost: call({
    description: 'Loan / total development cost x 100',
    args: z.object({ loan: money('Loan amount'), total_development_cost: money('Total development cost') }),
    run: (a) => ({
      loan_to_cost_percent: tools.loanToCost(a.loan, a.total_development_cost),
      norm: norms.loanToCost.text,
    }),
  }),
  servicing_icr: call({
    description: 'Interest cover: net annual income / annual interest',
    args: z.object({
      net_annual_income: money('Net annual income'),
      loan: money('Loan amount'),
      rate_percent: percent('Interest rate a year'),
    }),
    run: (a) => ({
      icr_times: tools.servicingIcr(a.net_annual_income, a.loan, a.rate_percent),
      norm: norms.servicingIcr.text,
    }),
  }),
  margin: call({
    description: 'Development margin on cost and on revenue from the profit, the cost and/or the revenue',
    args: z.object({
      cost: money('Total development cost').optional(),
      revenue: money('Revenue (GRV ex GST)').optional(),
      profit: money('Profit').optional(),
    }),
    run: (a) => {
      const profit =
        a.profit ?? (a.revenue !== undefined && a.cost !== undefined ? a.revenue - a.cost : undefined);
      return {
        profit,
        margin_on_cost_percent: tools.marginOnCost(profit, a.cost),
        margin_on_revenue_percent: tools.marginOnRevenue(profit, a.revenue),
        norm: norms.marginOnCost.text,
      };
    },
  }),
  convert_margin: call({
    description: 'Converts a margin on cost to a margin on revenue, or back',
    args: z.object({ percent: percent('The margin'), from: z.enum(['cost', 'revenue']) }),
    run: (a) =>
      a.from === 'cost'
        ? { margin_on_revenue_percent: tools.costMarginToRevenueMargin(a.percent) }
        : { margin_on_cost_percent: tools.revenueMarginToCostMargin(a.percent) },
  }),
  debt_to_equity: call({
    description: 'Loan / equity',
    args: z.object({ loan: money('Loan amount'), equity: money('Equity') }),
    run: (a) => ({ debt_to_equity_times: tools.debtToEquity(a.loan, a.equity) }),
  }),
  interest: call({
    description: 'Monthly interest, and over a term the simple and the monthly-capitalised interest',
    args: z.object({
      loan: money('Loan amount'),
      rate_percent: percent('Interest rate a year'),
      months: z.number().optional().describe('Term in months'),
    }),
    run: (a) => ({
      monthly_interest: tools.monthlyInterest(a.loan, a.rate_percent),
      ...(a.months ? { over_term: tools.capitalisedInterest(a.loan, a.rate_percent, a.months) } : {}),
    }),
  }),
  margin_scheme_gst: call({
    description: 'GST under the margin scheme: (sale price − purchase price) / 11',
    args: z.object({ purchase_price: money('Purchase price'), sale_price: money('Sale price') }),
    run: (a) => ({ gst: tools.marginSchemeGst(a.purchase_price, a.sale_price) }),
  }),
  gst_withholding: call({
    description: "The buyer's GST withholding on new residential property",
    args: z.object({ price: money('Sale price'), margin_scheme: z.boolean() }),
    run: (a) => ({ withholding: tools.gstWithholding(a.price, a.margin_scheme) }),
  }),
  stress_test: call({
    description: 'Cost +10 %, revenue −10 %, a 6-month delay and all together, against a margin hurdle',
    args: z.object({
      cost: money('Total development cost'),
      revenue: money('Revenue (GRV ex GST)'),
      loan: money('Loan amount').optional(),
      rate_percent: percent('Interest rate a year').optional(),
      hurdle_percent: percent('Margin on cost to clear'),
    }),
    run: (a) => ({
      cases: tools.stressTest({
        cost: a.cost,
        revenue: a.revenue,
        loan: a.loan,
        ratePercent: a.rate_percent,
        hurdlePercent: a.hurdle_percent,
      }),
    }),
  }),
  max_loan: call({
    description: "The largest loan a lender's limits allow, and which limit binds",
    args: z.object({
      grv_ex_gst: money('GRV ex GST').optional(),
      cost: money('Total development cost').optional(),
      land: money('Land value').optional(),
      max_loan_to_grv_percent: percent('Limit on loan / GRV').optional(),
      max_loan_to_cost_percent: percent('Limit on loan / cost').optional(),
      max_lvr_on_land_percent: percent('Limit on loan / land').optional(),
    }),
    run: (a) =>
      tools.maxLoan(
        { grvExGst: a.grv_ex_gst, cost: a.cost, land: a.land },
        {
          maxLoanToGrv: a.max_loan_to_grv_percent,
          maxLoanToCost: a.max_loan_to_cost_percent,
          maxLvrOnLand: a.max_lvr_on_land_percent,
        },
      ),
  }),
  quote_all_in_cost: call({
    description: "A quote's all-in cost: simple interest for the term plus the establishment fee",
    args: z.object({
      loan: money('Loan amount'),
      rate_percent: percent('Interest rate a year'),
      term_months: z.number().describe('Term in months'),
      establishment_fee: money('Establishment fee'),
    }),
    run: (a) =>
      tools.quoteCost({
        loan_amount: a.loan,
        interest_rate: a.rate_percent,
        loan_term: a.term_months,
        establishment_fee: a.establishment_fee,
      }),
  }),
  search_knowledge: call({
    description: 'Australian development-finance knowledge (terms, norms), each entry with its source kind',
    args: z.object({ query: z.string() }),
    run: (a) => searchKnowledge(a.query, 3).map((r) => r.entry),
  }),
  deal_figures: call({
    description: "The bound project's figures the user may see (empty when the chat is not about a project)",
    args: z.object({}),
    run: (_a, context) => context.deal ?? {},
  }),
};

export type ToolName = keyof typeof toolCalls;

/** The tools in the chat-completions `tools` format. */
export const toolDefinitions = () =>
  Object.entries(toolCalls).map(([name, t]) => {
    const { $schema: _schema, ...parameters } = z.toJSONSchema(t.args) as Record<string, unknown>;
    return { type: 'function' as const, function: { name, description: t.description, parameters } };
  });

/** Runs one call from a model: its JSON arguments checked against the tool's schema first. */
export function runToolCall(name: string, argumentsJson: string, context: { deal?: DealFacts } = {}) {
  const tool = (toolCalls as Record<string, ToolCall<z.ZodType>>)[name];
  if (!tool) return { error: `No tool named ${name}` };
  let raw: unknown;
  try {
    raw = argumentsJson ? JSON.parse(argumentsJson) : {};
  } catch {
    return { error: 'Arguments are not JSON' };
  }
  const parsed = tool.args.safeParse(raw);
  if (!parsed.success)
    return { error: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') };
  return tool.run(parsed.data, context) ?? { error: 'Not enough inputs for this calculation' };
}
