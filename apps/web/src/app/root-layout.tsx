import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useReaderTimeZone } from '../lib/reader-time-zone';

// The toast host pulls in most of Mantine's overlay code. The public pages show no toast, so they
// do without it; it loads with the first page that can show one.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);
const pagesWithoutToasts = ['/', '/privacy', '/terms', '/cookies'];

export function RootLayout() {
  const { pathname } = useLocation();
  // Dates are written in the reader's zone (decision 074): when it changes (sign-in, the profile
  // saved with another zone) the page is drawn again, keyed by it, so no date keeps the old zone.
  const timeZone = useReaderTimeZone();
  return (
    <>
      {!pagesWithoutToasts.includes(pathname) && (
        <Suspense fallback={null}>
          <Notifications autoClose={4000} position="top-right" />
        </Suspense>
      )}
      <Outlet key={timeZone} />
    </>
  );
}
