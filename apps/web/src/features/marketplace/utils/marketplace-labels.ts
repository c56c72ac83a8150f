import type { marketplaceSorts } from '@plinth/domain/marketplace';

/** Sort options as the funder reads them (spec 000 section 2, Marketplace). */
export const sortLabels: Record<(typeof marketplaceSorts)[number], string> = {
  newest: 'Newest',
  loan_amount_desc: 'Loan Amount: High to Low',
  loan_amount_asc: 'Loan Amount: Low to High',
  return_potential: 'Return Potential',
};
