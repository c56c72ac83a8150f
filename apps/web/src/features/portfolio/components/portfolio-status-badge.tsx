import { Badge } from '@mantine/core';
import { type PortfolioStatus, portfolioStatusLabels } from '@plinth/domain/deals';

// Text darker than Mantine's own so each badge passes WCAG AA on its light tint.
const looks: Record<PortfolioStatus, { color: string; text: string }> = {
  approved: { color: 'blue', text: 'var(--mantine-color-blue-9)' },
  due_diligence: { color: 'yellow', text: '#8a4b00' },
  term_sheet: { color: 'violet', text: 'var(--mantine-color-violet-9)' },
  funded: { color: 'green', text: '#1e6b30' },
};

/** Where a deal stands: Approved, Due Diligence, Term Sheet or Funded. */
export function PortfolioStatusBadge({ status }: { status: PortfolioStatus }) {
  const look = looks[status];
  return (
    <Badge variant="light" color={look.color} c={look.text} tt="none" style={{ flexShrink: 0 }}>
      {portfolioStatusLabels[status]}
    </Badge>
  );
}
