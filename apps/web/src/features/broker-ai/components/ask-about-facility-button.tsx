import { Button } from '@mantine/core';
import { IconRobot } from '@tabler/icons-react';
import { Link } from 'react-router';

/**
 * 'Ask BrokerAI about this facility' (decision 069): opens a new chat bound to the facility, which
 * answers from its live figures (left to draw, in balance, the next payment schedule, presale
 * cover, the covenant closest to breach), each with the working.
 */
export function AskAboutFacilityButton({ facilityId }: { facilityId: string }) {
  return (
    <Button
      component={Link}
      to={`/broker-ai?facility=${facilityId}`}
      variant="default"
      size="xs"
      leftSection={<IconRobot size={16} aria-hidden />}
    >
      Ask BrokerAI about this facility
    </Button>
  );
}
