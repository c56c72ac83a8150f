import { Badge } from '@mantine/core';
import { type FundedState, type ListingLabel, type ListingState, listingLabel } from '@plinth/domain/listing';

/**
 * Spec 000 section 4 badge colours: success (green) for published, warning (yellow) for drafts and
 * listings under review, error (red) for rejected; and the brand's navy for funded (a completed deal,
 * off the market: done, not live). The text is darker than Mantine's so it passes WCAG AA on the
 * light tint.
 */
export const badgeColours = {
  success: { color: 'green', text: '#1e6b30' },
  warning: { color: 'yellow', text: '#8a4b00' },
  error: { color: 'red', text: '#a51d1d' },
  funded: { color: 'navy', text: 'var(--mantine-color-navy-9)' },
} as const;

const toneOf: Record<ListingLabel, keyof typeof badgeColours> = {
  Published: 'success',
  'Under Review': 'warning',
  Draft: 'warning',
  Rejected: 'error',
  Funded: 'funded',
};

type ListingStatusBadgeProps = {
  listing: Pick<ListingState, 'payment_status' | 'visible'> & FundedState;
  size?: 'sm' | 'md' | 'lg';
};

export function ListingStatusBadge({ listing, size = 'md' }: ListingStatusBadgeProps) {
  const label = listingLabel(listing);
  const { color, text } = badgeColours[toneOf[label]];
  return (
    <Badge variant="light" color={color} c={text} size={size} tt="none" style={{ flexShrink: 0 }}>
      {label}
    </Badge>
  );
}
