/**
 * The static landing page loads none of the app's code (decision 043). Once the reader shows they
 * may go into the app (a pointer over, a focus on or a touch of a link to one of its pages), the
 * app's entry files, which the build lists in <meta name="plinth-app-assets">, are fetched into the
 * cache, so the page they open starts sooner. Inside the app there is no such list and nothing to do.
 * Returns the function that stops waiting.
 */
export function prefetchAppOnIntent(page: HTMLElement): () => void {
  const assets =
    document.querySelector<HTMLMetaElement>('meta[name="plinth-app-assets"]')?.content.split(' ') ?? [];
  const intents = ['pointerover', 'focusin', 'touchstart'] as const;
  const stop = () => {
    for (const intent of intents) page.removeEventListener(intent, onIntent);
  };
  const onIntent = (event: Event) => {
    if (!(event.target as Element | null)?.closest?.('a[href^="/"]')) return;
    stop();
    for (const href of assets.filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.href = href;
      document.head.append(link);
    }
  };
  if (assets.some(Boolean))
    for (const intent of intents) page.addEventListener(intent, onIntent, { passive: true });
  return stop;
}
