import { Container } from '@mantine/core';
import classes from './landing.module.css';

const SUPPORT_EMAIL = 'support@plinth.com.au';
const SUPPORT_PHONE_DISPLAY = '1300 754 684';
const SUPPORT_PHONE_DIAL = '1300754684';

const LEGAL_LINKS = [
  { href: '/privacy', label: 'Privacy Policy' },
  { href: '/terms', label: 'Terms of Service' },
  { href: '/cookies', label: 'Cookie Notice' },
];

export function LandingFooter() {
  return (
    <footer className={classes.footer}>
      <Container size="lg" className={classes.footerGrid}>
        <div>
          <p className={classes.footerBrand}>Plinth</p>
          <p className={classes.footerText}>
            The development finance marketplace connecting Australian property developers with verified
            private credit funders.
          </p>
        </div>
        <div>
          <h2 className={classes.footerHeading}>Support</h2>
          <ul className={classes.footerList}>
            <li>
              <a className={classes.footerLink} href={`mailto:${SUPPORT_EMAIL}`}>
                {SUPPORT_EMAIL}
              </a>
            </li>
            <li>
              <a className={classes.footerLink} href={`tel:${SUPPORT_PHONE_DIAL}`}>
                {SUPPORT_PHONE_DISPLAY}
              </a>
            </li>
            <li className={classes.footerText}>Monday to Friday, 9 am to 5 pm AEST</li>
          </ul>
        </div>
        <nav aria-label="Legal">
          <h2 className={classes.footerHeading}>Legal</h2>
          <ul className={classes.footerList}>
            {LEGAL_LINKS.map((link) => (
              <li key={link.href}>
                <a className={classes.footerLink} href={link.href}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </Container>
      <Container size="lg">
        {/* The page is rendered when the app is built: its script puts in the year it is read (data-current-year). */}
        <p className={classes.footerSmall}>
          © <span data-current-year>{new Date().getFullYear()}</span> Plinth. Plinth is a marketplace, not a
          lender, and does not give financial advice.
        </p>
      </Container>
    </footer>
  );
}
