import { Button, Container, Text, Title } from '@mantine/core';
import { formatAud } from '@plinth/domain/format';
import type { Pricing } from '@plinth/domain/system-settings';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePricing } from '../../../lib/pricing';
import classes from './landing.module.css';

type Journey = {
  id: string;
  audience: string;
  title: string;
  priceNote: (pricing: Pricing) => string;
  points: string[];
  cta: { label: string; to: string };
};

const JOURNEYS: Journey[] = [
  {
    id: 'developer-path',
    audience: 'For developers',
    title: 'Raise finance for a project',
    priceNote: (pricing) => `${formatAud(pricing.listing_fee_aud)} per project listing`,
    points: [
      'Guided four-step listing with your documents in one place',
      'Reviewed by our team, then shown to verified funders',
      'You decide which funders see your full documents',
      'Messages and a deal room with each interested funder',
    ],
    cta: { label: 'List a Project', to: '/register' },
  },
  {
    id: 'funder-path',
    audience: 'For funders',
    title: 'See vetted deal flow',
    priceNote: (pricing) => `${formatAud(pricing.subscription_price_aud)}/month professional access`,
    points: [
      'Browse every approved project in the marketplace',
      'Filter, sort and save the searches you run often',
      'Request access to full documents and message developers',
      'Follow each deal from due diligence to funded',
    ],
    cta: { label: 'Apply as a Funder', to: '/register?role=funder' },
  },
];

type PricingSectionProps = {
  /** True for a moment after the reader chose Pricing, to draw the eye to the prices. */
  isPulsing: boolean;
};

export function PricingSection({ isPulsing }: PricingSectionProps) {
  const pricing = usePricing();
  const priceNoteClass = isPulsing ? `${classes.priceNote} ${classes.pulse}` : classes.priceNote;

  return (
    <section id="pricing" className={classes.section} aria-labelledby="pricing-title" tabIndex={-1}>
      <Container size="lg">
        <Title id="pricing-title" order={2} className={classes.sectionTitle}>
          Two paths, clear pricing
        </Title>
        <Text size="lg" className={classes.sectionLead}>
          Developers pay for each project they list. Funders subscribe for access to the marketplace.
        </Text>
        <div id="user-journeys" className={classes.journeys} tabIndex={-1}>
          {JOURNEYS.map((journey) => (
            <article key={journey.id} className={classes.journey} aria-labelledby={`${journey.id}-title`}>
              <p className={classes.journeyAudience}>{journey.audience}</p>
              <h3 id={`${journey.id}-title`} className={classes.journeyTitle}>
                {journey.title}
              </h3>
              {/* A blank line of the same height while the prices load: the cards do not jump. */}
              <p className={priceNoteClass}>{pricing ? journey.priceNote(pricing) : '\u00a0'}</p>
              <ul className={classes.journeyPoints}>
                {journey.points.map((point) => (
                  <li key={point}>
                    <IconCheck size={18} aria-hidden="true" className={classes.journeyCheck} />
                    <span>{point}</span>
                  </li>
                ))}
              </ul>
              <Button component={Link} to={journey.cta.to} fullWidth size="md" mt="auto">
                {journey.cta.label}
              </Button>
            </article>
          ))}
        </div>
      </Container>
    </section>
  );
}
