import { aud, givenPct } from './answer';
import { findQuantities } from './parse';
import { readQuestion } from './quantities';
import { partNames } from './relation';
import * as tools from './tools';
import { digitsForWords } from './words';

/**
 * Issue 35 (decision 077): figures a question gives in a shape the reader does not place, read
 * into the shape it does, each with its line of working shown first: '2 buildings of 20 units
 * each', 'costs go up by a fifth', 'sales 12m less 3% selling costs', 'TDC 12m excluding finance
 * costs of 1m', '0.5% per quarter'. Each returns the question rewritten and the lines that
 * explain it, or null.
 */
export interface Rewrite {
  text: string;
  lead: string[];
}

type Q = ReturnType<typeof findQuantities>[number];

const quantityAt = (text: string, start: number) => findQuantities(text).find((q) => q.start === start);

/** '2 buildings of 20 units each at 600k': the units, counted. */
function groupsOfUnits(text: string): Rewrite | null {
  const m =
    /\b(\d+)\s+(buildings?|blocks?|towers?|stages?|levels?|floors?|storeys?)\s+(?:of|with)\s+(\d+)\s+(units?|apartments?|townhouses?|lots|dwellings?)(?:\s+(?:each|apiece|per \w+))?/i.exec(
      text,
    );
  if (!m) return null;
  const groups = Number(m[1]);
  const each = Number(m[3]);
  const units = tools.timesOf(groups, each)!;
  return {
    text: `${text.slice(0, m.index)}${units} ${m[4]}${text.slice(m.index + m[0].length)}`,
    lead: [`Units: ${groups} ${m[2]} × ${each} ${m[4]} = ${units}.`],
  };
}

/** '11 of 18 units presold': the units counted are the first figure. */
function someOfUnits(text: string): Rewrite | null {
  const m =
    /\b(\d+)\s+(?:of|out of)\s+(?:the\s+|our\s+)?(\d+)\s+(units?|apartments?|townhouses?|lots|dwellings?|homes|houses)\b/i.exec(
      text,
    );
  if (!m || Number(m[1]) > Number(m[2])) return null;
  return {
    text: `${text.slice(0, m.index)}${m[1]} ${m[3]}${text.slice(m.index + m[0].length)}`,
    lead: [`${m[1]} of the ${m[2]} ${m[3]}.`],
  };
}

/** 'Units: 22.': a count given as a labelled line. */
function labelledCount(text: string): Rewrite | null {
  const m =
    /\b(units|lots|apartments|townhouses|dwellings|homes|(?:number|no\.?) of (?:units|lots|apartments|townhouses|dwellings))\s*[:=]\s*(\d+)\b(?![\d,]|\.\d|\s*(?:k|m|mil|million|%|pc|pct|per|x)\b)/i.exec(
      text,
    );
  if (!m) return null;
  const noun = m[1]!.replace(/^(?:number|no\.?) of /i, '').toLowerCase();
  return {
    text: `${text.slice(0, m.index)}${m[2]} ${noun}${text.slice(m.index + m[0].length)}`,
    lead: [`${noun[0]!.toUpperCase()}${noun.slice(1)}: ${m[2]}.`],
  };
}

const FRACTIONS: Record<string, number> = {
  half: 2,
  'a half': 2,
  'a third': 3,
  'one third': 3,
  'a quarter': 4,
  'one quarter': 4,
  'a fifth': 5,
  'one fifth': 5,
  'a tenth': 10,
  'one tenth': 10,
};

const COST_SUBJECT = /\b(?:costs?|tdc|build|construction|budget)\b/gi;
const SALES_SUBJECT = /\b(?:sales|revenue|grv|gdv|prices?|values?)\b/gi;

/** 'costs go up by a fifth', 'sales fall by half': the change as the amount of the figure it is of. */
function fractionChange(text: string): Rewrite | null {
  const m =
    /\b(up|down|rise|rises|rising|rose|fall|falls|falling|fell|drop|drops|dropped|increase|increases|increased|decrease|decreases|decreased|blow out|blows out|grow|grows|shrink|shrinks|cut)\s+by\s+(half|a half|a third|one third|a quarter|one quarter|a fifth|one fifth|a tenth|one tenth)\b/i.exec(
      text,
    );
  if (!m) return null;
  const before = text.slice(0, m.index);
  const given = readQuestion(text.replace(m[0], m[1]!)).given;
  // The figure it is of is the nearest named before it: 'GRV 20m, TDC 15m, if sales fall by a quarter'.
  const lastAt = (re: RegExp) => Math.max(-1, ...[...before.matchAll(re)].map((x) => x.index));
  const costAt = lastAt(COST_SUBJECT);
  const salesAt = lastAt(SALES_SUBJECT);
  const base =
    costAt < 0 && salesAt < 0
      ? undefined
      : costAt > salesAt
        ? (given.cost ?? given.construction)
        : (given.grv ?? given.revenue);
  if (base === undefined) return null;
  const by = FRACTIONS[m[2]!.toLowerCase()]!;
  const change = tools.perMultiple(base, by)!;
  return {
    text: `${before}${m[1]} by ${aud(change)}${text.slice(m.index + m[0].length)}`,
    lead: [
      `${m[2]![0]!.toUpperCase()}${m[2]!.slice(1)} of ${aud(base)}: ${aud(base)} / ${by} = ${aud(change)}.`,
    ],
  };
}

const SELLING =
  "(?:selling costs?|sales costs?|agents?['’]? (?:fees|commissions?)|agency fees|commissions?|marketing and commissions?)";

/** 'sales 12m less 3% selling costs': the revenue net of them. */
function netOfSelling(text: string): Rewrite | null {
  const re = new RegExp(
    String.raw`\b(sales|revenue|grv|gdv|realisations?)\s+(?:of\s+)?(\$?\d[\d,.]*\s*(?:m|mil|million|k)?)\s+(?:less|minus|net of|after)\s+(\d[\d.]*\s*(?:%|pc|pct|per ?cent|percent))\s*(?:in\s+|for\s+|of\s+)?${SELLING}`,
    'i',
  );
  const m = re.exec(text);
  if (!m) return null;
  const amountAt = m.index + m[0].indexOf(m[2]!, m[1]!.length);
  const amount = quantityAt(text, amountAt);
  const rate = findQuantities(m[3]!)[0];
  if (amount?.kind !== 'amount' || rate?.kind !== 'rate') return null;
  const cost = tools.shareOf(rate.value, amount.value)!;
  const net = amount.value - cost;
  return {
    text: `${text.slice(0, m.index)}${m[1]} ${aud(net)}${text.slice(m.index + m[0].length)}`,
    lead: [
      `Selling costs: ${givenPct(rate.value)} × ${aud(amount.value)} = ${aud(cost)}.`,
      `${m[1]![0]!.toUpperCase()}${m[1]!.slice(1)} net of selling costs: ${aud(amount.value)} − ${aud(cost)} = ${aud(net)}.`,
    ],
  };
}

/** 'TDC 12m excluding finance costs of 1m': the total with the line it left out. */
function totalExcluding(text: string): Rewrite | null {
  const m =
    /\b(tdc|total (?:development |project )?costs?)\s+(?:of\s+|is\s+)?(\$?\d[\d,.]*\s*(?:m|mil|million|k)?)\s+(?:excluding|excl\.?|exclusive of|before|not including|without)\s+(?:the\s+)?(finance costs?|financing costs?|interest|contingency|soft costs?|professional fees|selling costs?|marketing)\s+(?:of\s+|at\s+|which (?:is|are)\s+)?(\$?\d[\d,.]*\s*(?:m|mil|million|k)?)/i.exec(
      text,
    );
  if (!m) return null;
  const [total, part] = findQuantities(m[0]).filter((q: Q) => q.kind === 'amount');
  if (!total || !part) return null;
  const sum = tools.sumOf([total.value, part.value])!;
  return {
    text: `${text.slice(0, m.index)}TDC ${aud(sum)}${text.slice(m.index + m[0].length)}`,
    lead: [
      `Total development cost: ${aud(total.value)} without the ${m[3]!.toLowerCase()} + ${aud(part.value)} ${m[3]!.toLowerCase()} = ${aud(sum)}.`,
    ],
  };
}

/** 'TDC 12m including finance costs of 1m': the line is inside the total, not added to it. */
function totalIncluding(text: string): Rewrite | null {
  const m =
    /\b(tdc|total (?:development |project )?costs?)\s+(?:of\s+|is\s+)?(\$?\d[\d,.]*\s*(?:m|mil|million|k)?)\s*,?\s+(?:including|incl\.?|inclusive of|with)\s+(?:the\s+)?(finance costs?|financing costs?|interest|contingency|soft costs?|professional fees|selling costs?|marketing|land|the land|site|stamp duty)\s+(?:of\s+|at\s+|which (?:is|are)\s+)?(\$?\d[\d,.]*\s*(?:m|mil|million|k)?)/i.exec(
      text,
    );
  if (!m) return null;
  const [total, part] = findQuantities(m[0]).filter((q: Q) => q.kind === 'amount');
  if (!total || !part || part.value > total.value) return null;
  return {
    text: `${text.slice(0, m.index)}TDC ${aud(total.value)}${text.slice(m.index + m[0].length)}`,
    lead: [
      `The ${aud(part.value)} of ${m[3]!.toLowerCase()} is within the ${aud(total.value)} total development cost.`,
    ],
  };
}

/** 'rates rise from 8% to 9.5%': the rise, worked out. */
function rateFromTo(text: string): Rewrite | null {
  const m =
    /\b(rise|rises|go up|goes up|increase|increases|move|moves|jump|jumps|climb|climbs)\s+from\s+(\d[\d.]*)\s*(?:%|pc\b|pct\b|per ?cent\b|percent\b)\s*to\s+(\d[\d.]*)\s*(%|pc\b|pct\b|per ?cent\b|percent\b)/i.exec(
      text,
    );
  if (!m) return null;
  const from = Number(m[2]);
  const to = Number(m[3]);
  if (!(to > from)) return null;
  const by = Math.round((to - from) * 1e6) / 1e6;
  return {
    text: `${text.slice(0, m.index)}${m[1]} by ${by}%${text.slice(m.index + m[0].length)}`,
    lead: [`Rise in the rate: ${givenPct(to)} − ${givenPct(from)} = ${givenPct(by)}.`],
  };
}

const STACK_WORDS =
  /\b(?:senior|mezz\w*|stretch|pref(?:erred)? equity|(?:the )?rest (?:is )?equity|equity (?:is )?the rest|capital stack|tranches?)\b/i;
const PARTS = ['land', 'construction', 'softCosts', 'financeCosts', 'otherCosts', 'duty', 'legals'] as const;

/** 'Land 4m, construction 10m, soft 2m. Senior at 65% of TDC, …': the cost lines summed into the TDC the stack is of. */
function costLinesForStack(text: string): Rewrite | null {
  if (!STACK_WORDS.test(text)) return null;
  const given = readQuestion(text).given;
  if (given.cost !== undefined) return null;
  const parts = PARTS.filter((p) => given[p] !== undefined);
  if (parts.length < 2) return null;
  const amounts = findQuantities(text).filter((q) => q.kind === 'amount');
  const partQs = amounts.filter((q) => parts.some((p) => Math.abs(given[p]! - q.value) < 1e-6));
  if (partQs.length !== parts.length || partQs.length !== amounts.length) return null;
  const first = partQs[0]!;
  const last = partQs.at(-1)!;
  const before = text.slice(0, first.start);
  const start = Math.max(0, ...[...before.matchAll(/[.;:?!](?=\s)/g)].map((m) => m.index + 1));
  const sum = tools.sumOf(parts.map((p) => given[p]!))!;
  return {
    text: `${text.slice(0, start)} TDC ${aud(sum)}${text.slice(last.end)}`.trim(),
    lead: [
      `Total development cost: ${parts.map((p) => `${aud(given[p]!)} ${partNames[p]}`).join(' + ')} = ${aud(sum)}.`,
    ],
  };
}

const PERIODS: Record<string, number> = { quarter: 4, month: 12 };

/** '0.5% per quarter', '1.2% a month': the rate for a year, as the analyst works rates. */
function periodRate(text: string): Rewrite | null {
  const m =
    /(\d[\d.]*)\s*(%|pc\b|pct\b|per ?cent\b|percent\b)\s*(?:(?:per|a|each|every)\s+(quarter|month)\b|(quarter|month)ly\b)/i.exec(
      text,
    );
  if (!m) return null;
  const period = (m[3] ?? m[4]!).toLowerCase();
  const rate = Number(m[1]);
  const times = PERIODS[period]!;
  const year = Math.round(tools.timesOf(rate, times)! * 1e6) / 1e6;
  return {
    text: `${text.slice(0, m.index)}${year}% a year${text.slice(m.index + m[0].length)}`,
    lead: [`Rate a year: ${givenPct(rate)} a ${period} × ${times} = ${givenPct(year)}.`],
  };
}

/** Every rewrite that applies, in turn: the question as the reader can place it, and the lines why. */
export function rewriteQuestion(question: string): Rewrite {
  let text = digitsForWords(question.trim());
  const lead: string[] = [];
  for (const rewrite of [
    groupsOfUnits,
    someOfUnits,
    labelledCount,
    fractionChange,
    netOfSelling,
    totalExcluding,
    totalIncluding,
    periodRate,
    rateFromTo,
    costLinesForStack,
  ]) {
    const done = rewrite(text);
    if (done) {
      text = done.text;
      lead.push(...done.lead);
    }
  }
  return lead.length ? { text, lead } : { text: question, lead };
}
