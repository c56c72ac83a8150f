/**
 * The facility's budget: lines by category, each funded by debt or equity (issue 33, decision 054).
 * `checkBudget` is the one check behind `PUT /api/facilities/{id}/budget` and the CSV import.
 */

export const budgetCategories = [
  'land',
  'construction',
  'contingency',
  'professional_fees',
  'statutory',
  'marketing',
  'finance',
  'other',
] as const;
export type BudgetCategory = (typeof budgetCategories)[number];

export const budgetCategoryLabels: Record<BudgetCategory, string> = {
  land: 'Land',
  construction: 'Construction',
  contingency: 'Contingency',
  professional_fees: 'Professional fees',
  statutory: 'Statutory',
  marketing: 'Marketing',
  finance: 'Finance',
  other: 'Other',
};

export const fundedBy = ['debt', 'equity'] as const;
export type FundedBy = (typeof fundedBy)[number];

/** Retention is withheld only from construction lines (the builder's contract). */
export const carriesRetention = (category: BudgetCategory) => category === 'construction';

export type BudgetLineInput = {
  code: string;
  name: string;
  category: string;
  amount_cents: bigint | number | string;
  funded_by: string;
};

export type BudgetLineError = { index: number; field: keyof BudgetLineInput | 'lines'; message: string };

/** The most lines one budget may have. */
export const maxBudgetLines = 500;
export const maxBudgetCodeLength = 32;
export const maxBudgetNameLength = 200;
/** The largest single line: $10,000,000,000 (10^12 cents). */
export const maxBudgetLineCents = 1_000_000_000_000n;

const row = (index: number) => `Line ${index + 1}`;

/**
 * Every problem with a budget's lines, in line order; an empty list means the budget is acceptable.
 * Codes must be unique (ignoring case and surrounding spaces), names present, categories and
 * `funded_by` from the lists, amounts whole numbers of cents above zero.
 */
export function checkBudget(lines: readonly BudgetLineInput[]): BudgetLineError[] {
  const errors: BudgetLineError[] = [];
  if (lines.length === 0) return [{ index: -1, field: 'lines', message: 'A budget needs at least one line' }];
  if (lines.length > maxBudgetLines)
    return [{ index: -1, field: 'lines', message: `A budget can have at most ${maxBudgetLines} lines` }];
  const firstByCode = new Map<string, number>();
  lines.forEach((line, index) => {
    const code = typeof line.code === 'string' ? line.code.trim() : '';
    if (code === '') errors.push({ index, field: 'code', message: `${row(index)}: the code is missing` });
    else if (code.length > maxBudgetCodeLength)
      errors.push({
        index,
        field: 'code',
        message: `${row(index)}: the code is longer than ${maxBudgetCodeLength} characters`,
      });
    else {
      const key = code.toLowerCase();
      const first = firstByCode.get(key);
      if (first !== undefined)
        errors.push({
          index,
          field: 'code',
          message: `${row(index)}: the code ${code} is already used by line ${first + 1}`,
        });
      else firstByCode.set(key, index);
    }
    const name = typeof line.name === 'string' ? line.name.trim() : '';
    if (name === '') errors.push({ index, field: 'name', message: `${row(index)}: the name is missing` });
    else if (name.length > maxBudgetNameLength)
      errors.push({
        index,
        field: 'name',
        message: `${row(index)}: the name is longer than ${maxBudgetNameLength} characters`,
      });
    if (!(budgetCategories as readonly string[]).includes(line.category))
      errors.push({
        index,
        field: 'category',
        message: `${row(index)}: the category must be one of ${budgetCategories.join(', ')}`,
      });
    if (!(fundedBy as readonly string[]).includes(line.funded_by))
      errors.push({ index, field: 'funded_by', message: `${row(index)}: funded by must be debt or equity` });
    const amount = toCents(line.amount_cents);
    if (amount === null || amount <= 0n)
      errors.push({
        index,
        field: 'amount_cents',
        message: `${row(index)}: the amount must be a whole number of cents above zero`,
      });
    else if (amount > maxBudgetLineCents)
      errors.push({
        index,
        field: 'amount_cents',
        message: `${row(index)}: the amount is larger than $10,000,000,000`,
      });
  });
  return errors;
}

function toCents(value: unknown): bigint | null {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : null;
  if (typeof value === 'string' && /^-?\d{1,16}$/.test(value.trim())) return BigInt(value.trim());
  return null;
}
