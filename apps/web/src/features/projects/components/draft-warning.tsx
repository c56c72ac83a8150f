import { Alert } from '@mantine/core';
import { formatAud } from '@plinth/domain/format';
import { IconAlertTriangle } from '@tabler/icons-react';
import { usePricing } from '../../../lib/pricing';

/** Shown while any project is an unpaid draft: funders cannot see drafts. */
export function DraftWarning({ draftCount }: { draftCount: number }) {
  const pricing = usePricing();
  if (draftCount === 0) return null;
  const drafts = draftCount === 1 ? '1 draft project' : `${draftCount} draft projects`;
  return (
    <Alert
      color="yellow"
      variant="light"
      c="dark.7"
      role="status"
      title={`You have ${drafts}`}
      icon={<IconAlertTriangle aria-hidden />}
    >
      Drafts are not visible to funders. Upload the required documents and pay the one-off
      {pricing ? ` ${formatAud(pricing.listing_fee_aud)} ` : ' '}listing fee to send a project for admin
      review.
    </Alert>
  );
}
