import type { TestApp } from '../helpers';

/**
 * On PostgreSQL the app also hears its own earlier writes again, as notifications a few ms later;
 * waits until they have all arrived (no change for 150 ms) so a test can compare stamps.
 */
export async function settled(t: TestApp) {
  const all = () => t.database.changes.stamp(['project', 'user', 'session', 'access_request']);
  let last = all();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    const now = all();
    if (now === last) return;
    last = now;
  }
}
