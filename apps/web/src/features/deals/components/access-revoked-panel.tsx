import { Alert, Group } from '@mantine/core';
import { reasonText } from '@plinth/domain/access-ended';
import { canRevokeAccess, revocationMessages } from '@plinth/domain/access-revocation';
import { type Deal, type DealParty, dealMessages } from '@plinth/domain/deals';
import type { AccessStatus } from '@plinth/domain/marketplace';
import { IconLockOff } from '@tabler/icons-react';
import { RevokeAccessButton } from '../../../components/revoke-access/revoke-access-button';
import { formatDate } from '../../../lib/format';
import { funderLabel } from '../utils/deal-labels';

/**
 * Issue 19 item 5 in the room: once the funder's access is revoked (or lapsed), the 'Access revoked'
 * banner with the reason and the date, and the room is read-only; until then, the developer's
 * 'Revoke access' while the deal is open.
 */
export function AccessRevokedPanel({ deal, party }: { deal: Deal; party: DealParty | null }) {
  const revoked = deal.access_revoked;
  if (revoked) {
    const who = revoked.lapsed
      ? "The funder's access period ended"
      : `${revoked.by_admin ? 'The Plinth team' : 'The developer'} revoked the funder's access`;
    return (
      <Alert
        color="red"
        variant="light"
        c="dark.7"
        icon={<IconLockOff aria-hidden />}
        title={revocationMessages.revokedBanner}
      >
        {who} on <time dateTime={revoked.revoked_at}>{formatDate(revoked.revoked_at)}</time>. Reason:{' '}
        {reasonText(revoked.reason)}. {dealMessages.accessRevoked}.
      </Alert>
    );
  }
  if (party !== 'borrower' || deal.status !== 'open' || !canRevokeAccess(deal.access_status as AccessStatus))
    return null;
  return (
    <Group justify="flex-end">
      <RevokeAccessButton
        accessRequestId={deal.access_request_id}
        funderName={funderLabel(deal)}
        projectTitle={deal.project.title}
        size="sm"
      />
    </Group>
  );
}
