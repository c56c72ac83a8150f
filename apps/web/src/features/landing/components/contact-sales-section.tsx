import { Button, Container, Text, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import classes from './landing.module.css';

const SALES_EMAIL = 'sales@plinth.com.au';

export function ContactSalesSection() {
  return (
    <section className={classes.section} aria-labelledby="contact-sales-title">
      <Container size="md" className={classes.contactSales}>
        <Title id="contact-sales-title" order={2} className={classes.sectionTitle}>
          Funding several projects, or running a fund?
        </Title>
        <Text size="lg" className={classes.sectionLead}>
          Talk to us about team access, a pipeline of projects, or how Plinth fits your credit process.
        </Text>
        <Button
          component="a"
          href={`mailto:${SALES_EMAIL}?subject=${encodeURIComponent('Plinth sales enquiry')}`}
          size="md"
          leftSection={<IconMail size={18} aria-hidden="true" />}
        >
          Contact Sales
        </Button>
        <Text mt="sm" className={classes.muted}>
          Or e-mail us at {SALES_EMAIL}
        </Text>
      </Container>
    </section>
  );
}
