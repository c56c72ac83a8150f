/** The words that say whether an amount includes GST (issue 35; decisions 065, 077). Split from quantities.ts. */

export const EX_GST = /\bex(cl(uding|\.)?)?\.?[\s-]*gst\b|\bgst[- ]exclusive\b|\bexclusive of gst\b/i;
/**
 * Whether an amount is GST-inclusive: 'ex GST is 20m' beside 'the GST-inclusive GRV' is not, so
 * the words next to the amount decide before the question's (issue 35).
 */
export function incGstAt(text: string, q: { start: number; end: number }, isIncGst: boolean) {
  // The amount's own words first ('$18.7m incl GST'), then the nearest before it: 'at 65% of GRV
  // ex GST if GRV is $18.7m incl GST' names the limit's basis ex GST and the amount with its GST.
  const after = text.slice(q.end, q.end + 15);
  const ex = EX_GST.exec(after);
  const inc = INC_GST.exec(after);
  if (ex || inc) return !!inc && (!ex || inc.index < ex.index);
  const before = text.slice(Math.max(0, q.start - 25), q.start);
  const lastAt = (re: RegExp) => {
    let at = -1;
    for (const m of before.matchAll(new RegExp(re.source, 'gi'))) at = m.index;
    return at;
  };
  const exAt = lastAt(EX_GST);
  const incAt = lastAt(INC_GST);
  if (exAt >= 0 || incAt >= 0) return incAt > exAt;
  return isIncGst && !EX_GST.test(text);
}
export const INC_GST = /\binc(l(uding|\.)?)?\.?\s*gst\b|\bgst[- ]inc(lusive)?\b|\binclusive of gst\b/i;
