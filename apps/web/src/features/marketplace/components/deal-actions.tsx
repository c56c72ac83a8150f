import { Button, type ButtonProps } from '@mantine/core';
import { dealRoomPath } from '@plinth/domain/deals';
import { IconArrowRight, IconHeartHandshake } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useEngage } from '../hooks/use-engage';

interface DealActionProps extends Pick<ButtonProps, 'size' | 'fullWidth' | 'px'> {
  projectId: string;
  accessRequestId: string | null;
}

/** Engage: opens a deal room for the funder's approved access request and goes into it. */
export function EngageButton({ projectId, accessRequestId, ...button }: DealActionProps) {
  const { engage, isEngaging } = useEngage(projectId, accessRequestId);
  return (
    <Button
      {...button}
      loading={isEngaging}
      leftSection={<IconHeartHandshake aria-hidden size={16} />}
      onClick={() => void engage()}
    >
      Engage
    </Button>
  );
}

/**
 * Deal Room: straight into the room when its id is known. Otherwise (a list that names only the
 * access request's stage) Engage finds it: a second Engage answers the existing deal.
 */
export function DealRoomButton({
  projectId,
  accessRequestId,
  dealId,
  ...button
}: DealActionProps & { dealId: string | null }) {
  const { engage, isEngaging } = useEngage(projectId, accessRequestId);
  const icon = <IconArrowRight aria-hidden size={16} />;
  if (dealId)
    return (
      <Button
        {...button}
        component={Link}
        to={dealRoomPath({ id: dealId, project_id: projectId })}
        color="teal.9"
        rightSection={icon}
      >
        Deal Room
      </Button>
    );
  return (
    <Button {...button} color="teal.9" loading={isEngaging} rightSection={icon} onClick={() => void engage()}>
      Deal Room
    </Button>
  );
}
