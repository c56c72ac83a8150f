import MiniSearch from 'minisearch';
import type { SourceKind } from './norms';

/**
 * BrokerAI's knowledge base: short entries written by us from
 * shared/research/au-development-finance-norms.md, each with the kind of its source, searched with
 * MiniSearch (full text, prefix and fuzzy matching, title and keywords boosted).
 */

export interface KnowledgeEntry {
  id: string;
  title: string;
  /** Other words people use for it. */
  keywords: string;
  text: string;
  source: string;
  sourceKind: SourceKind;
}

const marketing: SourceKind = 'lender or broker marketing';

export const knowledgeEntries: KnowledgeEntry[] = [
  {
    id: 'lvr',
    title: 'LVR (loan to value ratio)',
    keywords: 'lvr loan to value ratio land value platform',
    text: 'On Plinth the LVR is the loan amount divided by the land value (spec of the platform). Lenders also size a development loan on the gross realisation value (GRV) ex GST and on the total development cost (TDC), so look at all three, each labelled.',
    source: 'Plinth specification; mfeg.com.au',
    sourceKind: 'industry guide',
  },
  {
    id: 'grv',
    title: 'GRV (gross realisation value)',
    keywords: 'grv gross realisation realization value end value gdv revenue on completion ex gst',
    text: 'GRV is what the finished project should sell for, taken excluding GST. Non-bank first-mortgage lenders typically lend up to 65 % of GRV, sometimes 70–75 %; above about 70 % a mezzanine tranche is usually needed.',
    source: 'mfeg.com.au; yorkfinance.com.au',
    sourceKind: marketing,
  },
  {
    id: 'ltc',
    title: 'Loan to cost (LTC) and TDC',
    keywords: 'ltc loan to cost tdc total development cost',
    text: 'Loan to cost is the loan divided by the total development cost (land, construction, fees, interest). Banks lend about 70 % of TDC; non-banks about 80–85 %; up to about 90 % with mezzanine or preferred equity. One private fund caps at 85 % of TDC or 75 % of GRV.',
    source: 'mfeg.com.au; apacinvestment.com.au',
    sourceKind: marketing,
  },
  {
    id: 'mezzanine',
    title: 'Mezzanine finance',
    keywords: 'mezzanine mezz second mortgage stretch senior tranche subordinated junior',
    text: 'Mezzanine debt sits behind the first mortgage, usually with a second mortgage, and fills the gap between senior debt and the developer’s equity. It is priced at about 12–25 % p.a. with 2–4 % fees; a senior plus mezzanine stack commonly reaches 85–95 % of cost.',
    source: 'introducr.com.au; smartbusinessplans.com.au',
    sourceKind: marketing,
  },
  {
    id: 'preferred-equity',
    title: 'Preferred equity',
    keywords: 'preferred equity pref equity quasi-equity hard equity',
    text: 'Preferred equity ranks like mezzanine but holds no mortgage: it is an equity interest with a preferred return. In 2017 APRA wanted banks to see enough hard equity from the developer and flagged quasi-equity used in its place.',
    source: 'apra.gov.au',
    sourceKind: 'regulator',
  },
  {
    id: 'presales',
    title: 'Presales',
    keywords: 'presales pre-sales presale debt cover qualifying off the plan deposit',
    text: 'In March 2017 APRA observed banks generally requiring qualifying presales covering at least 100 % of committed debt; on 13 February 2025 APRA clarified this is not an APRA minimum. Major banks commonly ask for 100–120 % debt cover; private lenders often accept 0–30 %. Qualifying presale deposits are usually 10 %, held in trust.',
    source: 'apra.gov.au; feasly.com.au; introducr.com.au; andorraprivate.com.au',
    sourceKind: 'regulator',
  },
  {
    id: 'margin',
    title: 'Development margin: on cost and on revenue',
    keywords: 'margin profit on cost on revenue hurdle feasibility return',
    text: 'Margin on cost is profit / total cost; margin on revenue is profit / revenue. 20 % on cost is about 16.7 % on revenue (0.20 / 1.20). Common minimum hurdles are 15–20 % on cost; build-to-sell apartments 18–22 %; larger projects 20–25 %.',
    source: 'feasly.com.au; propertyfinancehelp.com.au; popurise.com',
    sourceKind: marketing,
  },
  {
    id: 'icr',
    title: 'Interest cover ratio (ICR)',
    keywords: 'icr interest cover servicing serviceability income rent',
    text: 'The ICR measures interest cover: how many times the net income pays the interest (net income / interest). Construction interest is usually capitalised, so an ICR matters for investment, residual-stock or pre-leased exits. Commercial lenders commonly use 1.5×; banks seek about 2.0× on investment assets. Plinth also shows its own ICR: expected profit spread over the term / annual interest.',
    source: 'apimagazine.com.au; stamfordcapital.com.au',
    sourceKind: marketing,
  },
  {
    id: 'pricing',
    title: 'Pricing of development finance',
    keywords: 'pricing interest rate cost of funds bank private non-bank line fee establishment fee',
    text: 'Indicative pricing: banks 7–10 % p.a.; private lenders 9–18 %; mezzanine 12–25 % p.a. with 2–4 % fees; line fees 1–3 %.',
    source: 'introducr.com.au; smartbusinessplans.com.au',
    sourceKind: marketing,
  },
  {
    id: 'capitalised-interest',
    title: 'Capitalised interest',
    keywords: 'capitalised capitalized interest provision interest reserve added to loan',
    text: 'On a construction loan the interest is usually capitalised: added to the loan each month rather than paid, and repaid from sales at the end. The feasibility must carry it as a cost, and the loan limit must leave room for it.',
    source: 'apimagazine.com.au',
    sourceKind: marketing,
  },
  {
    id: 'security',
    title: 'Security and structure of a development loan',
    keywords:
      'security spv first mortgage gsa general security agreement director guarantee structure progress draws quantity surveyor qs term',
    text: 'Typical security: a special-purpose borrower (SPV), a first mortgage over the site, a general security agreement and director guarantees. Terms are usually 12–24 months, with construction funds drawn progressively against a quantity surveyor’s certified progress claims.',
    source: 'andorraprivate.com.au',
    sourceKind: marketing,
  },
  {
    id: 'nccp',
    title: 'Consumer credit law (NCCP)',
    keywords:
      'nccp national consumer credit protection act regulated business purpose company apply applies consumer law',
    text: 'Company-to-company business-purpose loans generally fall outside the National Consumer Credit Protection Act.',
    source: 'industry guides',
    sourceKind: 'industry guide',
  },
  {
    id: 'margin-scheme',
    title: 'GST margin scheme',
    keywords: 'gst margin scheme tax ato valuation',
    text: 'Under the margin scheme GST is 1/11 of the margin: sale price less purchase price (or an approved valuation). Development costs are not deducted. It needs written agreement before settlement and is unavailable where GST credits were claimed on the site purchase.',
    source: 'ato.gov.au, "GST and the margin scheme"',
    sourceKind: 'regulator',
  },
  {
    id: 'gst-withholding',
    title: 'GST withholding by buyers of new residential property',
    keywords: 'gst withholding buyer settlement new residential ato 7 per cent',
    text: 'Since 1 July 2018 buyers of new residential property withhold GST at settlement and pay it to the ATO: 1/11 of the price, or 7 % of the price when the margin scheme applies.',
    source: 'ato.gov.au',
    sourceKind: 'regulator',
  },
  {
    id: 'stress-tests',
    title: 'Stress tests lenders run',
    keywords: 'stress test sensitivity downside cost overrun revenue fall delay',
    text: 'Lenders test the feasibility with construction cost +10 %, sale revenue −10 % and a 6-month delay (extra interest and holding costs); the deal should still clear the margin hurdle.',
    source: 'andorraprivate.com.au',
    sourceKind: marketing,
  },
  {
    id: 'senior-debt',
    title: 'Senior debt (first mortgage)',
    keywords: 'senior debt first mortgage bank non-bank private lender',
    text: 'Senior debt is the first-mortgage loan, repaid first from sales. Banks are cheapest but lend less (about 70 % of TDC, with presales); non-bank lenders lend more (about 80–85 % of TDC, up to about 65–75 % of GRV) at higher rates.',
    source: 'mfeg.com.au; yorkfinance.com.au',
    sourceKind: marketing,
  },
];

let index: MiniSearch<KnowledgeEntry> | null = null;

function knowledgeIndex() {
  if (!index) {
    index = new MiniSearch<KnowledgeEntry>({
      fields: ['title', 'keywords', 'text'],
      storeFields: ['id'],
      searchOptions: { boost: { title: 3, keywords: 2 }, prefix: true, fuzzy: 0.2, combineWith: 'OR' },
    });
    index.addAll(knowledgeEntries);
  }
  return index;
}

const byId = new Map(knowledgeEntries.map((e) => [e.id, e]));

// Words that say nothing about the topic; left out so 'what is a' does not match every entry.
const STOP =
  /\b(what|whats|is|are|a|an|the|of|on|in|to|for|and|or|how|do|does|i|my|me|we|you|can|should|explain|tell|about|mean|means|work|works|it|this|that|with|be|why|when|which)\b/gi;

/** The best entries for a question, best first, with MiniSearch's score. */
export function searchKnowledge(question: string, limit = 2): { entry: KnowledgeEntry; score: number }[] {
  const query = question
    .replace(/[’']s\b/g, '')
    .replace(STOP, ' ')
    .trim();
  if (!query) return [];
  return knowledgeIndex()
    .search(query)
    .slice(0, limit)
    .map((r) => ({ entry: byId.get(r.id as string)!, score: r.score }));
}
