import { Badge, Button, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { opportunityStateOf } from '@plinth/domain/deals';
import { formatAud } from '@plinth/domain/format';
import type { ProjectPreview } from '@plinth/domain/marketplace';
import { IconBuilding, IconMapPin, IconSparkles } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useSendAccessRequest } from '../hooks/use-send-access-request';
import { previewPlace, previewStage } from '../utils/preview-labels';
import { DealRoomButton, EngageButton } from './deal-actions';
import { IntroductionBox } from './introduction-box';
import { ProjectPreviewModal } from './project-preview-modal';

/**
 * A page of cards is a long column on a phone, most of it below the screen: the browser lays out
 * and paints a card only as it comes near the screen, keeping a real card's height (340 px on a
 * phone, as the loading placeholders) for the ones it has not reached (decision 081).
 */
const offscreenCard = { contentVisibility: 'auto', containIntrinsicSize: 'auto 340px' } as const;

interface OpportunityCardProps {
  preview: ProjectPreview;
  /** Why it is recommended ('Recommended for You' on the dashboard). */
  reason?: string;
}

/**
 * Spec 000 section 2 (Funder opportunity card): OPPORTUNITY badge, loan amount, type and suburb,
 * and the actions of the funder's access state.
 */
export function OpportunityCard({ preview, reason }: OpportunityCardProps) {
  const headingId = useId();
  const place = previewPlace(preview);

  return (
    <Card
      component="article"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      padding="lg"
      h="100%"
      style={offscreenCard}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="center" gap="xs">
          <Badge variant="light" color="navy" c="navy.9">
            OPPORTUNITY
          </Badge>
          <Text fz="xs" c="gray.7">
            {previewStage(preview.development_stage)}
          </Text>
        </Group>
        <Stack gap={0}>
          <Text fz="xs" c="gray.7">
            Loan amount
          </Text>
          <Text fz={26} fw={700} c="navy.9" lh={1.2}>
            {formatAud(preview.loan_amount)}
          </Text>
        </Stack>
        <Title order={3} id={headingId} fz="md" fw={600} lh={1.35}>
          <VisuallyHidden>Opportunity: </VisuallyHidden>
          {preview.property_type} in {place}
        </Title>
        <Group gap="lg" c="gray.7">
          <Group gap={6} wrap="nowrap">
            <IconBuilding aria-hidden size={16} />
            <Text fz="sm">{preview.property_type}</Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            <IconMapPin aria-hidden size={16} />
            <Text fz="sm">{place}</Text>
          </Group>
        </Group>
        {reason && (
          <Group gap={6} wrap="nowrap" align="flex-start" c="teal.9">
            <IconSparkles aria-hidden size={16} style={{ flexShrink: 0, marginTop: 2 }} />
            <Text fz="sm">{reason}</Text>
          </Group>
        )}
        <Stack gap="xs" mt="auto" pt="xs">
          <CardActions preview={preview} />
        </Stack>
      </Stack>
    </Card>
  );
}

function CardActions({ preview }: { preview: ProjectPreview }) {
  const [isPreviewOpen, setIsPreviewOpen] = useState(false);
  // The preview's modal is mounted at the first "View Preview", then opened (so it still fades
  // in) and kept: twenty closed modals were twenty renders a phone paid for on the first paint.
  const [isPreviewMounted, setIsPreviewMounted] = useState(false);
  useEffect(() => {
    if (isPreviewMounted) setIsPreviewOpen(true);
  }, [isPreviewMounted]);
  const [isWriting, setIsWriting] = useState(false);
  const { send, isSending } = useSendAccessRequest(preview.id);
  const state = opportunityStateOf(preview);

  if (state === 'engage') {
    return (
      <Group grow gap="xs">
        <Button component={Link} to={`/project/${preview.id}`} variant="default" px="xs">
          View Details
        </Button>
        <EngageButton projectId={preview.id} accessRequestId={preview.access_request_id} px="xs" />
      </Group>
    );
  }

  if (state === 'deal_room') {
    return (
      <DealRoomButton
        projectId={preview.id}
        accessRequestId={preview.access_request_id}
        dealId={preview.deal_id}
        fullWidth
      />
    );
  }

  if (state === 'pending') {
    return (
      <Button disabled fullWidth>
        Request Pending
      </Button>
    );
  }

  return (
    <>
      {isWriting ? (
        <IntroductionBox
          sendLabel="Send"
          isSending={isSending}
          onCancel={() => setIsWriting(false)}
          onSend={async (introduction, undertaking) => {
            const isSent = await send(introduction, undertaking);
            if (isSent) setIsWriting(false);
            return isSent;
          }}
        />
      ) : (
        <Group grow gap="xs">
          <Button
            variant="default"
            px="xs"
            onClick={() => (isPreviewMounted ? setIsPreviewOpen(true) : setIsPreviewMounted(true))}
          >
            View Preview
          </Button>
          <Button px="xs" onClick={() => setIsWriting(true)}>
            Request Access
          </Button>
        </Group>
      )}
      {isPreviewMounted && (
        <ProjectPreviewModal
          preview={preview}
          opened={isPreviewOpen}
          onClose={() => setIsPreviewOpen(false)}
        />
      )}
    </>
  );
}
