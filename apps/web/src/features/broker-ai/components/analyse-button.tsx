import { Button } from '@mantine/core';
import { IconRobot } from '@tabler/icons-react';
import { Link } from 'react-router';

/** 'Analyse with BrokerAI': opens a chat bound to the project that asks for its deal memo at once. */
export function AnalyseWithBrokerAiButton({ projectId }: { projectId: string }) {
  return (
    <Button
      component={Link}
      to={`/broker-ai?project=${projectId}&ask=analyse`}
      variant="default"
      leftSection={<IconRobot size={16} aria-hidden />}
    >
      Analyse with BrokerAI
    </Button>
  );
}
