/**
 * A rate a person typed in percent per annum ('9.5', '0.75 %') as whole basis points, or null when
 * it is not one. Parsed from the text digit by digit (two decimals at most), never through a float.
 */
export function percentToBps(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.replace(/[%\s]/g, ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Basis points as the percent a person reads ('950' → '9.5 %'); for display only. */
export const bpsToPercent = (bps: number) => `${(bps / 100).toFixed(2).replace(/\.?0+$/, '')} %`;
