import { Button, Container, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { PriceNoteKind } from '../enhance/price-notes';
import classes from './landing.module.css';

type Journey = {
  id: string;
  audience: string;
  title: string;
  priceNote: PriceNoteKind;
  points: string[];
  cta: { label: string; href: string };
};

const JOURNEYS: Journey[] = [
  {
    id: 'developer-path',
    audience: 'For developers',
    title: 'Raise finance for a project',
    priceNote: 'listing',
    points: [
      'Guided four-step listing with your documents in one place',
      'Reviewed by our team, then shown to verified funders',
      'You decide which funders see your full documents',
      'Messages and a deal room with each interested funder',
    ],
    cta: { label: 'List a Project', href: '/register' },
  },
  {
    id: 'funder-path',
    audience: 'For funders',
    title: 'See vetted deal flow',
    priceNote: 'subscription',
    points: [
      'Browse every approved project in the marketplace',
      'Filter, sort and save the searches you run often',
      'Request access to full documents and message developers',
      'Follow each deal from due diligence to funded',
    ],
    cta: { label: 'Apply as a Funder', href: '/register?role=funder' },
  },
];

/**
 * The prices are the admin's settings (decision 021), never a constant: the server writes them into
 * the blank price notes of the page it sends for `/` (decision 074), so they read without
 * JavaScript; where the page came without them, its script fills them from GET /api/pricing
 * (enhance/price-notes.ts). They pulse when the reader chooses Pricing.
 */
export function PricingSection() {
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
              {/* Blank at build time (a line of the same height, so the cards do not jump): the
                  server writes the price in, matching data-price-note (apps/server/src/http/landing-page.ts). */}
              <p className={classes.priceNote} data-price-note={journey.priceNote}>
                {'\u00a0'}
              </p>
              <ul className={classes.journeyPoints}>
                {journey.points.map((point) => (
                  <li key={point}>
                    <IconCheck size={18} aria-hidden="true" className={classes.journeyCheck} />
                    <span>{point}</span>
                  </li>
                ))}
              </ul>
              <Button component="a" href={journey.cta.href} fullWidth size="md" mt="auto">
                {journey.cta.label}
              </Button>
            </article>
          ))}
        </div>
      </Container>
    </section>
  );
}
