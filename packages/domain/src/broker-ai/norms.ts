/**
 * Australian development-finance norms BrokerAI compares a deal against, from
 * shared/research/au-development-finance-norms.md. They are typical ranges gathered mostly from
 * lenders' and brokers' marketing pages, not policy: every one carries the kind of its source so
 * the analyst can say so.
 */

export type SourceKind = 'regulator' | 'lender or broker marketing' | 'industry guide';

export type Rating = 'pass' | 'watch' | 'fail';

export interface Norm {
  key: 'loanToGrv' | 'loanToCost' | 'marginOnCost' | 'servicingIcr' | 'presales' | 'lvrOnLand';
  label: string;
  /** Whether a higher figure is better (margin, ICR) or worse (loan ratios). */
  isHigherBetter: boolean;
  /** Pass at or inside this figure. */
  pass: number;
  /** Watch up to this figure; fail beyond it. */
  watch: number;
  unit: '%' | 'x';
  text: string;
  source: string;
  sourceKind: SourceKind;
}

export const norms: Record<Norm['key'], Norm> = {
  loanToGrv: {
    key: 'loanToGrv',
    label: 'Loan / GRV ex GST',
    isHigherBetter: false,
    pass: 65,
    watch: 75,
    unit: '%',
    text: 'Non-bank first mortgage typically up to 65 % of GRV, sometimes 70–75 %; above about 70 % a mezzanine tranche is usually needed.',
    source: 'mfeg.com.au; yorkfinance.com.au',
    sourceKind: 'lender or broker marketing',
  },
  loanToCost: {
    key: 'loanToCost',
    label: 'Loan / TDC',
    isHigherBetter: false,
    pass: 70,
    watch: 85,
    unit: '%',
    text: 'Banks lend about 70 % of TDC, non-banks about 80–85 %, up to about 90 % with mezzanine or preferred equity.',
    source: 'mfeg.com.au; apacinvestment.com.au',
    sourceKind: 'lender or broker marketing',
  },
  marginOnCost: {
    key: 'marginOnCost',
    label: 'Margin on cost',
    isHigherBetter: true,
    pass: 20,
    watch: 15,
    unit: '%',
    text: 'Common minimum development margin 15–20 % on cost; build-to-sell apartments 18–22 %; larger projects 20–25 %.',
    source: 'propertyfinancehelp.com.au; popurise.com',
    sourceKind: 'lender or broker marketing',
  },
  servicingIcr: {
    key: 'servicingIcr',
    label: 'Interest cover (ICR)',
    isHigherBetter: true,
    pass: 2,
    watch: 1.5,
    unit: 'x',
    text: 'Commercial lenders commonly use 1.5×; banks seek about 2.0× on investment assets. Construction interest is usually capitalised, so ICR matters for investment, residual-stock or pre-leased exits.',
    source: 'apimagazine.com.au; stamfordcapital.com.au',
    sourceKind: 'lender or broker marketing',
  },
  presales: {
    key: 'presales',
    label: 'Presales / debt',
    isHigherBetter: true,
    pass: 100,
    watch: 30,
    unit: '%',
    text: 'Major banks commonly ask for qualifying presales covering 100–120 % of debt; private lenders often accept 0–30 %. APRA clarified in 2025 that 100 % is not an APRA minimum.',
    source: 'apra.gov.au; feasly.com.au; introducr.com.au',
    sourceKind: 'regulator',
  },
  lvrOnLand: {
    key: 'lvrOnLand',
    label: 'LVR on land (platform)',
    isHigherBetter: false,
    pass: 65,
    watch: 80,
    unit: '%',
    text: 'The platform’s LVR is loan / land value. Land-only loans are commonly written to about 65 % of land value; a construction loan well above the land value is normal and is judged on GRV and TDC instead.',
    source: 'mfeg.com.au',
    sourceKind: 'lender or broker marketing',
  },
};

/** Pass, watch or fail of a figure against a norm. */
export function rate(norm: Norm, value: number | null | undefined): Rating | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  if (norm.isHigherBetter) return value >= norm.pass ? 'pass' : value >= norm.watch ? 'watch' : 'fail';
  return value <= norm.pass ? 'pass' : value <= norm.watch ? 'watch' : 'fail';
}

/** The margin hurdle the stress cases must clear unless a lender states its own. */
export const DEFAULT_MARGIN_HURDLE = 15;
