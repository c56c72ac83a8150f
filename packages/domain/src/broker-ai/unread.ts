/**
 * Issue 35 (decision 065): what the reader finds no quantity in but could change an answer —
 * whole numbers with no unit it knows ('2 buildings of 20 units') and fractions in words ('half the
 * units', 'by a fifth', 'costs double'). The analyst asks about them rather than leave them out.
 */

const FRACTION_WORDS =
  /\b(?:(?:a|one|two|three|four)\s+)?(?:half|halves|third|thirds|quarter|quarters|fifth|fifths|tenth|tenths)\s+(?:of\b|the\b)|\bby\s+(?:a|one|two|three)\s+(?:half|third|thirds|quarter|quarters|fifth|fifths|tenth|tenths)\b|\b(?:doubles?|doubled|doubling|triples?|tripled|halves|halved|halve)\b/gi;
const BENIGN_NOUN =
  /^(?:years?|yrs?|months?|tenants?|tenancies|employees|staff|people|investors|partners|directors|carparks?|bathrooms?|bedrooms?|beds?|storeys?|stories|floors?|levels?|lifts|projects|jobs|deals|developments|buildings|stages|phases|towers|weeks|days|quarters)$/i;
const IDENTIFIER_BEFORE =
  /\b(?:stage|phase|lot|level|unit|building|tower|block|option|scenario|step|item|number|no\.?|year|tranche|part|clause|section|page|version|v)\s*#?\s*$|#\s*$/i;
const DESCRIPTOR_AFTER =
  /^(?:\s*|-)(?:bed(?:room)?s?|bath(?:room)?s?|car|storey|story|stor(?:e)?ys|levels?|floors?|star|st|nd|rd|th)\b|^\s*(?:or|to|and)\s+\d|^\s*(?:at|@|for|selling at|sold at)\s*\$?\d/i;

/**
 * Whole numbers the reader finds no quantity in ('2 buildings of 20 units', '3 stages'): a count
 * of something it cannot place, asked about rather than left out (issue 35). Labels ('stage 2',
 * 'lot 5'), descriptors ('3-bed', '4 storeys') and years are not counts.
 */
function bareCounts(text: string, found: { start: number; end: number }[]) {
  const out: string[] = [];
  for (const m of text.matchAll(/(?<![\w.$,/-])(\d{1,3})(?=\s+[a-z])(?![\d.,])/gi)) {
    const start = m.index;
    if (found.some((q) => start >= q.start && start < q.end)) continue;
    const after = text.slice(start + m[0].length, start + m[0].length + 14);
    if (IDENTIFIER_BEFORE.test(text.slice(Math.max(0, start - 12), start)) || DESCRIPTOR_AFTER.test(after))
      continue;
    const noun = /^\s+([a-z]+)/i.exec(after)?.[1] ?? '';
    // '22 Smith St', '3 tenants', 'a 2 storey': a street number or a count no sum here reads.
    if (
      /^\s+(?:[A-Z][a-z]+\s+){1,3}(?:St|Street|Rd|Road|Ave|Avenue|Pde|Parade|Dr|Drive|Hwy|Lane|Ln|Cres|Ct|Court|Pl|Place|Tce|Terrace|Blvd|Way|Cl|Close)\b/.test(
        text.slice(start + m[0].length),
      )
    )
      continue;
    if (BENIGN_NOUN.test(noun)) continue;
    out.push(`${m[0]} ${noun}`.trim());
  }
  return out;
}

/** Figures in words or bare numbers the reader has no quantity for: bare counts and fractions. */
export function unreadFigures(text: string, found: { start: number; end: number }[]) {
  // 'half the 20 units', 'costs go up by a fifth', 'costs double': a share in words is asked about.
  return [...bareCounts(text, found), ...[...text.matchAll(FRACTION_WORDS)].map((m) => m[0].trim())];
}
