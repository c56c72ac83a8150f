import { Badge, Group } from '@mantine/core';
import type { QuoteComparisonItem } from '../api/list-project-quotes';
import type { quoteFigures } from '../utils/quote-figures';

/** The quote's status, 'Expired' when its validity has passed, and 'Lowest cost' on the cheapest live one. */
export function QuoteBadges({
  quote,
  status,
  isCheapest,
}: {
  quote: QuoteComparisonItem;
  status: ReturnType<typeof quoteFigures>['status'];
  isCheapest: boolean;
}) {
  return (
    <Group gap={4} wrap="wrap">
      <Badge variant="light" color={status.color} c={status.text} tt="none">
        {status.label}
      </Badge>
      {quote.expired && (
        <Badge variant="filled" color="gray.7" tt="none">
          Expired
        </Badge>
      )}
      {isCheapest && (
        // Filled: teal.9 text on the light teal background reads at 4.3:1, under WCAG AA.
        <Badge variant="filled" color="teal.9" tt="none">
          Lowest cost
        </Badge>
      )}
    </Group>
  );
}
