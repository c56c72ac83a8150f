import { BenefitsSection } from '../../features/landing/components/benefits-section';
import { ContactSalesSection } from '../../features/landing/components/contact-sales-section';
import { FeaturesSection } from '../../features/landing/components/features-section';
import { HeroSection } from '../../features/landing/components/hero-section';
import { HowItWorksSection } from '../../features/landing/components/how-it-works-section';
import classes from '../../features/landing/components/landing.module.css';
import { LandingFooter } from '../../features/landing/components/landing-footer';
import { LandingHeader } from '../../features/landing/components/landing-header';
import { MobileBottomBar } from '../../features/landing/components/mobile-bottom-bar';
import { PricingSection } from '../../features/landing/components/pricing-section';
import { QuickActionsButton } from '../../features/landing/components/quick-actions-button';
import { useLandingNavigation } from '../../features/landing/hooks/use-landing-navigation';

export default function LandingRoute() {
  const { goToSection, isPricingPulsing } = useLandingNavigation();

  return (
    <div className={classes.page}>
      <LandingHeader onNavigate={goToSection} />
      <main id="main" className={classes.main} tabIndex={-1}>
        <HeroSection />
        <FeaturesSection />
        <HowItWorksSection />
        <PricingSection isPulsing={isPricingPulsing} />
        <BenefitsSection />
        <ContactSalesSection />
      </main>
      <LandingFooter />
      <MobileBottomBar onNavigate={goToSection} />
      <QuickActionsButton />
    </div>
  );
}
