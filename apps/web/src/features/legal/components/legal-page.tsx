import { Anchor, Container, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { usePricing } from '../../../lib/pricing';
import { isLegalPath, LAST_UPDATED, type LegalPath, legalDocuments, SUPPORT_EMAIL } from '../legal-documents';
import classes from './legal-page.module.css';

const OTHER_DOCUMENTS: { path: LegalPath; label: string }[] = [
  { path: '/privacy', label: 'Privacy Policy' },
  { path: '/terms', label: 'Terms of Service' },
  { path: '/cookies', label: 'Cookie Notice' },
];

/** One page for /privacy, /terms and /cookies: the pathname picks the document. */
export function LegalPage() {
  const { pathname } = useLocation();
  const path: LegalPath = isLegalPath(pathname) ? pathname : '/privacy';
  const document = legalDocuments(usePricing())[path];

  useEffect(() => {
    const previous = window.document.title;
    window.document.title = `${document.title} — Plinth`;
    return () => {
      window.document.title = previous;
    };
  }, [document.title]);

  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <Container size="md" className={classes.headerInner}>
          <Link to="/" className={classes.brand}>
            Plinth
          </Link>
          <Anchor component={Link} to="/" fw={500}>
            Back to home
          </Anchor>
        </Container>
      </header>

      <main className={classes.main}>
        <Container size="md">
          <Title order={1} className={classes.title}>
            {document.title}
          </Title>
          <Text className={classes.updated}>Last updated: {LAST_UPDATED}</Text>
          <Text size="lg" className={classes.intro}>
            {document.intro}
          </Text>
          {document.sections.map((section) => (
            <section key={section.heading} className={classes.section}>
              <Title order={2} className={classes.sectionTitle}>
                {section.heading}
              </Title>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph} className={classes.paragraph}>
                  {paragraph}
                </p>
              ))}
            </section>
          ))}
          <section className={classes.section}>
            <Title order={2} className={classes.sectionTitle}>
              Contact us
            </Title>
            <p className={classes.paragraph}>
              Questions about this document? E-mail{' '}
              <Anchor href={`mailto:${SUPPORT_EMAIL}`} underline="always">
                {SUPPORT_EMAIL}
              </Anchor>
              .
            </p>
          </section>
        </Container>
      </main>

      <footer className={classes.footer}>
        <Container size="md" className={classes.footerInner}>
          <nav aria-label="Legal">
            <ul className={classes.footerLinks}>
              {OTHER_DOCUMENTS.map((item) => (
                <li key={item.path}>
                  <Anchor
                    component={Link}
                    to={item.path}
                    aria-current={item.path === path ? 'page' : undefined}
                    className={classes.footerLink}
                  >
                    {item.label}
                  </Anchor>
                </li>
              ))}
            </ul>
          </nav>
        </Container>
      </footer>
    </div>
  );
}
