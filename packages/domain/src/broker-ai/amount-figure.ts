import type { Figure } from './figure';
import type { Label } from './parse';

/** The figure an amount with a label stands for (split from quantities.ts; decisions 065, 077). */
export const amountFigure = (
  label: Label,
  isMonthly: boolean,
  isIncGst: boolean,
  word?: string,
): Figure | null => {
  switch (label) {
    case 'grv':
    case 'revenue':
      return isIncGst ? 'grvIncGst' : label;
    case 'income':
      return isMonthly ? 'monthlyIncome' : 'income';
    // Presales with their GST in them: cover is counted ex GST (decision 062; decision 077).
    case 'presales':
      return isIncGst ? 'presalesIncGst' : label;
    case 'interest':
      if (/total|term|over the loan/.test(word ?? '')) return 'termInterest';
      return isMonthly ? 'monthlyInterest' : 'annualInterest';
    case 'loan':
    case 'land':
    case 'cost':
    case 'construction':
    case 'purchase':
    case 'sale':
    case 'profit':
    case 'equity':
    case 'fee':
    case 'holding':
    case 'legals':
    case 'duty':
    case 'mezz':
    case 'prefEquity':
      return label;
    case 'soft':
      return 'softCosts';
    case 'financeCost':
      return 'financeCosts';
    case 'otherCost':
      return 'otherCosts';
    case 'lineFee':
      return isMonthly ? 'lineFeeMonthly' : 'lineFeeAnnual';
    case 'drawn':
      return 'averageBalance';
    default:
      return null;
  }
};
