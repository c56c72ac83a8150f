import { Container, Text, Title } from '@mantine/core';
import { IconClipboardList, IconClockBolt, IconRobot, IconShieldLock } from '@tabler/icons-react';
import classes from './landing.module.css';

const ICON_SIZE = 24;

const BENEFITS = [
  {
    title: 'Seen within 24 hours',
    body: 'Once your listing is approved, verified funders can see it within 24 hours.',
    icon: <IconClockBolt size={ICON_SIZE} />,
  },
  {
    title: 'A complete audit trail',
    body: 'Approvals, documents, quotes and decisions are logged with who did what and when.',
    icon: <IconClipboardList size={ICON_SIZE} />,
  },
  {
    title: 'BrokerAI deal analysis',
    body: 'Our AI assistant helps with deal analysis: LVR, feasibility and comparable sales, in plain language.',
    icon: <IconRobot size={ICON_SIZE} />,
  },
  {
    title: 'Private by default',
    body: 'Project documents are shared only with verified funders and the parties in each deal room.',
    icon: <IconShieldLock size={ICON_SIZE} />,
  },
];

export function BenefitsSection() {
  return (
    <section className={`${classes.section} ${classes.sectionAlt}`} aria-labelledby="benefits-title">
      <Container size="lg">
        <Title id="benefits-title" order={2} className={classes.sectionTitle}>
          Why teams use Plinth
        </Title>
        <Text size="lg" className={classes.sectionLead}>
          Less time chasing, more time building.
        </Text>
        <ul className={classes.benefits}>
          {BENEFITS.map((benefit) => (
            <li key={benefit.title} className={classes.benefit}>
              <span className={classes.cardIcon} aria-hidden="true">
                {benefit.icon}
              </span>
              <h3 className={classes.cardTitle}>{benefit.title}</h3>
              <p className={classes.cardBody}>{benefit.body}</p>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
