import type { Ref } from 'react';
import { BenefitsSection } from './benefits-section';
import { ContactSalesSection } from './contact-sales-section';
import { FeaturesSection } from './features-section';
import { HeroSection } from './hero-section';
import { HowItWorksSection } from './how-it-works-section';
import classes from './landing.module.css';
import { LandingFooter } from './landing-footer';
import { LandingHeader } from './landing-header';
import { MobileBottomBar } from './mobile-bottom-bar';
import { PricingSection } from './pricing-section';
import { QuickActionsButton } from './quick-actions-button';

/**
 * The whole landing page as markup only: no state, no effect, no router. It is rendered to static
 * HTML when the app is built (src/landing-prerender.tsx) and, inside the app, by the `/` route; in
 * both, enhanceLanding (enhance/enhance-landing.ts) adds what moves (decision 043).
 */
export function LandingPage({ ref }: { ref?: Ref<HTMLDivElement> }) {
  return (
    <div className={classes.page} ref={ref} data-landing-page>
      <LandingHeader />
      <main id="main" className={classes.main} tabIndex={-1}>
        <HeroSection />
        <FeaturesSection />
        <HowItWorksSection />
        <PricingSection />
        <BenefitsSection />
        <ContactSalesSection />
      </main>
      <LandingFooter />
      <MobileBottomBar />
      <QuickActionsButton />
    </div>
  );
}
