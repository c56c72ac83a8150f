import { Container, Text, Title } from '@mantine/core';
import {
  IconBuildingBank,
  IconClockHour4,
  IconFileStack,
  IconListCheck,
  IconMessages,
  IconRobot,
  IconShieldCheck,
  IconUsersGroup,
} from '@tabler/icons-react';
import { CardCarousel, type CarouselCard } from './card-carousel';
import classes from './landing.module.css';

const ICON_SIZE = 22;

const PROBLEMS: CarouselCard[] = [
  {
    title: 'Banks have stepped back',
    body: 'Tighter lending appetite leaves many residential and mixed-use projects without a senior lender, even when the numbers stack up.',
    icon: <IconBuildingBank size={ICON_SIZE} />,
  },
  {
    title: 'Funders are hard to find',
    body: 'Private credit is out there, but reaching the right fund usually depends on who you already know.',
    icon: <IconUsersGroup size={ICON_SIZE} />,
  },
  {
    title: 'Packs go out again and again',
    body: 'The same feasibility, valuations and plans get re-sent by e-mail to every lender, each time slightly out of date.',
    icon: <IconFileStack size={ICON_SIZE} />,
  },
  {
    title: 'Weeks pass without an answer',
    body: 'Without a shared process it is unclear who has looked at a deal, what they need next, or whether they are still interested.',
    icon: <IconClockHour4 size={ICON_SIZE} />,
  },
];

const SOLUTIONS: CarouselCard[] = [
  {
    title: 'One listing, many funders',
    body: 'Describe the site, the scheme and the facility you need once. Approved listings go to every verified funder on Plinth.',
    icon: <IconListCheck size={ICON_SIZE} />,
  },
  {
    title: 'Verified on both sides',
    body: 'Funders are checked before they can see a project, and every listing is reviewed before it goes live.',
    icon: <IconShieldCheck size={ICON_SIZE} />,
  },
  {
    title: 'A deal room per conversation',
    body: 'Documents, messages and indicative terms sit together, so both parties work from the same version.',
    icon: <IconMessages size={ICON_SIZE} />,
  },
  {
    title: 'Analysis on tap',
    body: 'BrokerAI checks LVR, tests feasibility assumptions and pulls comparables, so first questions get answered fast.',
    icon: <IconRobot size={ICON_SIZE} />,
  },
];

export function FeaturesSection() {
  return (
    <section id="features" className={classes.section} aria-labelledby="features-title" tabIndex={-1}>
      <Container size="lg">
        <Title id="features-title" order={2} className={classes.sectionTitle}>
          Built for how development finance really works
        </Title>
        <Text size="lg" className={classes.sectionLead}>
          Raising money for a development should not depend on your address book. Here is what gets in the
          way, and what Plinth does about it.
        </Text>

        <Title order={3} className={classes.subTitle}>
          The problem
        </Title>
        <CardCarousel label="Problems developers face" cards={PROBLEMS} titleOrder={4} />

        <Title order={3} className={classes.subTitle}>
          How Plinth solves it
        </Title>
        <CardCarousel label="How Plinth solves them" cards={SOLUTIONS} titleOrder={4} />
      </Container>
    </section>
  );
}
