import { Container } from '@mantine/core';
import { Link } from 'react-router';
import classes from './landing.module.css';

const SUPPORT_EMAIL = 'support@plinth.com.au';
const SUPPORT_PHONE_DISPLAY = '1300 754 684';
const SUPPORT_PHONE_DIAL = '1300754684';

const LEGAL_LINKS = [
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/cookies', label: 'Cookie Notice' },
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
              <li key={link.to}>
                <Link className={classes.footerLink} to={link.to}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </Container>
      <Container size="lg">
        <p className={classes.footerSmall}>
          © {new Date().getFullYear()} Plinth. Plinth is a marketplace, not a lender, and does not give
          financial advice.
        </p>
      </Container>
    </footer>
  );
}
