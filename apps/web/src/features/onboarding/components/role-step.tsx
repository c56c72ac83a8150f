import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { SelfServiceRole } from '@plinth/domain/roles';
import { IconBuildingSkyscraper, IconChartLine } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import classes from './role-step.module.css';
import { SurveyorStep } from './surveyor-step';

const choices: ReadonlyArray<{ role: SelfServiceRole; title: string; text: string; icon: ReactNode }> = [
  {
    role: 'borrower',
    title: "I'm a Developer",
    text: 'List development projects and connect with funders for your finance.',
    icon: <IconBuildingSkyscraper aria-hidden size={22} />,
  },
  {
    role: 'funder',
    title: "I'm an Investor",
    text: 'Browse vetted development opportunities across Australia and fund them.',
    icon: <IconChartLine aria-hidden size={22} />,
  },
];

interface RoleStepProps {
  /** 'surveyor' when the person came by a facility's invitation (/sign-up?role=surveyor). */
  initialRole: SelfServiceRole | 'surveyor' | null;
  isPending: boolean;
  error: string | null;
  onContinue: (role: SelfServiceRole) => void;
}

/**
 * Step 1: the one role a user ever has, chosen once. A quantity surveyor does not choose: a
 * facility's invitation brings them to their own short step (decision 063), which anyone invited can
 * also open from here (the invitation may be opened in another tab than the sign-up).
 */
export function RoleStep({ initialRole, isPending, error, onContinue }: RoleStepProps) {
  const [selected, setSelected] = useState<SelfServiceRole | null>(
    initialRole === 'surveyor' ? null : initialRole,
  );
  const [isSurveyor, setSurveyor] = useState(initialRole === 'surveyor');
  const id = useId();

  if (isSurveyor) return <SurveyorStep onBack={() => setSurveyor(false)} />;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
      <Stack gap="lg">
        <div>
          <Title order={2} fz="xl">
            How will you use Plinth?
          </Title>
          <Text c="gray.7">Your role is chosen once and cannot be changed later.</Text>
        </div>
        {error && (
          <Alert role="alert" color="red" variant="light" c="red.9">
            {error}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {choices.map((choice) => (
            <UnstyledButton
              key={choice.role}
              className={classes.choice}
              aria-pressed={selected === choice.role}
              aria-labelledby={`${id}-${choice.role}-title`}
              aria-describedby={`${id}-${choice.role}-text`}
              onClick={() => setSelected(choice.role)}
            >
              <ThemeIcon size={40} radius="md" variant="light" color="navy">
                {choice.icon}
              </ThemeIcon>
              <span id={`${id}-${choice.role}-title`} className={classes.choiceTitle}>
                {choice.title}
              </span>
              <span id={`${id}-${choice.role}-text`} className={classes.choiceText}>
                {choice.text}
              </span>
            </UnstyledButton>
          ))}
        </SimpleGrid>
        <Group justify="space-between">
          <Anchor component="button" type="button" fz="sm" onClick={() => setSurveyor(true)}>
            I was invited as a quantity surveyor
          </Anchor>
          <Button
            disabled={selected === null}
            loading={isPending}
            onClick={() => selected && onContinue(selected)}
          >
            Continue
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
