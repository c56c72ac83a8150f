import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { LandingPage } from '../../features/landing/components/landing-page';
import { enhanceLanding } from '../../features/landing/enhance/enhance-landing';

/**
 * `/` inside the app: reached by a link or a redirect once the app is running (a first visit to `/`
 * gets the static page the build renders, and no app code). The same markup and behaviour, and its
 * links to the app's pages stay inside the app instead of loading it again.
 */
export default function LandingRoute() {
  const pageRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const page = pageRef.current;
    if (!page) return;
    const stopEnhancing = enhanceLanding(page);
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest('a');
      const href = link?.getAttribute('href');
      if (!link || !href || href.startsWith('#') || link.target) return;
      const url = new URL(link.href);
      if (url.origin !== window.location.origin) return; // mailto:, tel:
      event.preventDefault();
      navigate(`${url.pathname}${url.search}${url.hash}`);
    };
    page.addEventListener('click', onClick);
    return () => {
      page.removeEventListener('click', onClick);
      stopEnhancing();
    };
  }, [navigate]);

  return <LandingPage ref={pageRef} />;
}
