import { Button, Container, Group, Text, Title } from '@mantine/core';
import classes from './landing.module.css';

export function HeroSection() {
  return (
    <section id="top" className={classes.hero} aria-labelledby="hero-title">
      <Container size="lg">
        <p className={classes.eyebrow}>Development finance marketplace · Australia</p>
        <Title id="hero-title" order={1} className={classes.heroTitle}>
          Solid ground for your next development
        </Title>
        <Text size="xl" className={classes.heroLead}>
          Plinth puts property developers in front of verified private credit funders. List a project once,
          share the numbers in a structured deal room, and get to term sheet without chasing contacts.
        </Text>
        <Group gap="md" mt="xl">
          <Button component="a" href="/register" size="lg" variant="white">
            Start Your Project
          </Button>
          <Button component="a" href="/register?role=funder" size="lg" variant="outline" color="white">
            Become a Funder
          </Button>
        </Group>
      </Container>
    </section>
  );
}
