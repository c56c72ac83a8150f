import { settingMessages } from '@plinth/domain/system-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { adminCall } from './support/admin';
import { createFunder, financials, listedProject, market } from './support/marketplace';

// Issue 10 item 2: the marketplace's minimum-listings threshold for the average return is a system
// setting; issue 19 item 6 (decision 032) puts its floor at 10. Its own database: twelve listings,
// all in one cell (Residential · NSW, the whole market too), each returning 20 % on cost: band 8
// (20 to 22.5 %), whose middle, 21.25 %, shows as 21.5 (decision 032, issue 30). The threshold is
// applied to the day's snapshot as it is read, so a change shows at once.

const KEY = 'marketplace_average_min_listings';
let t: TestApp;
let admin: TestUser;
let funder: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin', name: 'Theo Threshold' });
  funder = await createFunder(t, 'active');
  const developer = await createUser(t.app, { role: 'borrower', profile: 'default' });
  for (let i = 0; i < 12; i++) await listedProject(t, developer, financials(1_000_000, 300_000));
});
afterAll(() => t.close());

const averageReturn = async () => {
  const res = await market(t.app, funder);
  expect(res.statusCode).toBe(200);
  const stats = res.json().stats;
  // The same rule for the whole market and for the one cell the twelve listings are in.
  const cell = (await market(t.app, funder, { property_type: 'Residential', state: 'NSW' })).json().stats;
  expect(cell.average_expected_return).toBe(stats.average_expected_return);
  return stats.average_expected_return as number | null;
};
const save = (value: string) => adminCall(t.app, admin, 'PUT', `/system-settings/${KEY}`, { value });

describe('system setting marketplace_average_min_listings', () => {
  it('is listed at the floor of 10 (the migration raised the 3 stored before), so the twelve listings show their average', async () => {
    const res = await adminCall(t.app, admin, 'GET', `/system-settings/${KEY}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toBe('10');
    expect(await averageReturn()).toBe(21.5);
  });

  it('raised to 13, the marketplace withholds the average at once (its cached page too); back to 12, shows it', async () => {
    expect((await save('13')).statusCode).toBe(200);
    expect(await averageReturn()).toBeNull();
    expect((await save('12')).statusCode).toBe(200);
    expect(await averageReturn()).toBe(21.5);
  });

  it('a value under the privacy floor of 10, over 100, or not a whole number is 400 and changes nothing', async () => {
    for (const value of ['9', '3', '2', '0', '101', '10.5', 'ten', '', '-12']) {
      const res = await save(value);
      expect(res.statusCode, value).toBe(400);
      expect(res.json().error).toBe(settingMessages.averageMinListings);
    }
    expect((await adminCall(t.app, admin, 'GET', `/system-settings/${KEY}`)).json().value).toBe('12');
    expect((await save('10')).statusCode).toBe(200);
    expect(await averageReturn()).toBe(21.5);
  });
});
