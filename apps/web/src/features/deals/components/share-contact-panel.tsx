import { Anchor, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Deal, type DealParty, dealMessages } from '@plinth/domain/deals';
import { IconAddressBook } from '@tabler/icons-react';
import { useState } from 'react';
import { useContact } from '../api/get-contact';
import { useShareContact } from '../api/share-contact';
import { NOT_SET } from '../utils/deal-labels';
import { DetailList } from './detail-list';
import { RoomSection } from './room-section';

interface ShareContactPanelProps {
  deal: Deal;
  party: DealParty;
  viewerId: string;
}

/**
 * Both parties may share their contact details with the other (spec 000 section 2). The deal says
 * who has shared (`contact_shared`), so the other party's details are asked for only once they
 * shared them, and the button stays 'Contact shared' on every later visit.
 */
export function ShareContactPanel({ deal, party, viewerId }: ShareContactPanelProps) {
  const otherId = party === 'borrower' ? deal.funder_id : deal.borrower_id;
  const otherRole = party === 'borrower' ? 'funder' : 'developer';
  const isOtherShared = party === 'borrower' ? deal.contact_shared.funder : deal.contact_shared.borrower;
  const isOwnShared = party === 'borrower' ? deal.contact_shared.borrower : deal.contact_shared.funder;
  const share = useShareContact();
  const contact = useContact(deal.id, otherId, isOtherShared);
  const [hasSharedNow, setHasSharedNow] = useState(false);
  const hasShared = isOwnShared || hasSharedNow;

  const onShare = () =>
    share.mutate(
      { user_id: viewerId, target_user_id: otherId },
      {
        onSuccess: () => {
          setHasSharedNow(true);
          notifications.show({
            color: 'green',
            title: dealMessages.sharedTitle,
            message: `Your contact details are now visible to the ${otherRole}.`,
          });
        },
        onError: () =>
          notifications.show({
            color: 'red',
            title: dealMessages.shareFailedTitle,
            message: dealMessages.shareFailed,
          }),
      },
    );

  return (
    <RoomSection
      title="Contact Details"
      action={
        <Button
          size="sm"
          variant={hasShared ? 'light' : 'filled'}
          leftSection={<IconAddressBook aria-hidden size={16} />}
          onClick={onShare}
          loading={share.isPending}
          disabled={hasShared}
        >
          {hasShared ? 'Contact shared' : 'Share contact'}
        </Button>
      }
    >
      {contact.data ? (
        <Stack gap="sm">
          <Text fz="sm" c="gray.7">
            The {otherRole} has shared their contact details with you.
          </Text>
          <DetailList
            cols={3}
            items={[
              { label: 'Name', value: contact.data.name },
              {
                label: 'Email',
                value: <Anchor href={`mailto:${contact.data.email}`}>{contact.data.email}</Anchor>,
              },
              { label: 'Phone', value: contact.data.phone ?? NOT_SET },
              { label: 'Company', value: contact.data.company_name ?? NOT_SET },
              { label: 'LinkedIn', value: contact.data.linkedin ?? NOT_SET },
            ]}
          />
        </Stack>
      ) : (
        <Text fz="sm" c="gray.7">
          {isOtherShared && contact.isPending
            ? 'Loading their contact details…'
            : `The ${otherRole} has not shared their contact details with you yet. Share yours to let them reach you directly.`}
        </Text>
      )}
    </RoomSection>
  );
}
