import { Container, Text, Title } from '@mantine/core';
import classes from './landing.module.css';

const STEPS = [
  {
    title: 'Set up your profile',
    body: 'Tell us whether you are developing or funding. Funders complete a short verification before they see any project.',
  },
  {
    title: 'List your project',
    body: 'Add the site, the scheme, the loan you are after and the supporting documents. We review every listing before it goes live.',
  },
  {
    title: 'Meet interested funders',
    body: 'Verified funders browse approved projects, request access to the detail and message you, all inside Plinth.',
  },
  {
    title: 'Close in the deal room',
    body: 'Share documents, agree indicative terms and keep a dated record of every step until the facility is signed.',
  },
];

export function HowItWorksSection() {
  return (
    <section
      id="how-it-works"
      className={`${classes.section} ${classes.sectionAlt}`}
      aria-labelledby="how-it-works-title"
      tabIndex={-1}
    >
      <Container size="lg">
        <Title id="how-it-works-title" order={2} className={classes.sectionTitle}>
          How it works
        </Title>
        <Text size="lg" className={classes.sectionLead}>
          Four steps from first listing to signed facility.
        </Text>
        <ol className={classes.steps}>
          {STEPS.map((step, index) => (
            <li key={step.title} className={classes.step}>
              <span className={classes.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <h3 className={classes.stepTitle}>{step.title}</h3>
              <p className={classes.stepBody}>{step.body}</p>
            </li>
          ))}
        </ol>
      </Container>
    </section>
  );
}
