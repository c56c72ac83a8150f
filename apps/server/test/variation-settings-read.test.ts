import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { call, createFacilityWorld, type FacilityWorld } from './support/facilities';
import { createFunder } from './support/marketplace';

// Decision 072's server gap: GET /facilities/{id}/variation-settings, read by every party of the
// facility and admins with the same reader as GET /retention; the answer is what the PATCH sets.

let t: TestApp;
let w: FacilityWorld;
let coFunder: TestUser;

const read = (user: TestUser | null, id = w.facilityId) =>
  as(t.app, user, { method: 'GET', url: `/api/facilities/${id}/variation-settings` });

beforeAll(async () => {
  t = await buildTestApp();
  w = await createFacilityWorld(t);
  coFunder = await createFunder(t, 'active', { name: 'Cora Co-funder' });
  await call(
    t,
    w.funder,
    {
      method: 'POST',
      url: `/api/facilities/${w.facilityId}/parties`,
      payload: { role: 'co_funder', email: coFunder.email },
    },
    201,
  );
  // The co-funder joins when they first read their facilities.
  await call(t, coFunder, { method: 'GET', url: '/api/facilities' });
});
afterAll(() => t.close());

describe('GET /facilities/{id}/variation-settings', () => {
  it('answers the defaults ($100,000, 12 months) to the developer, the funder, a co-funder, the surveyor and an admin', async () => {
    const admin = await createUser(t.app, { role: 'admin', name: 'Ada Admin' });
    for (const reader of [w.developer, w.funder, coFunder, w.surveyor, admin]) {
      const res = await read(reader);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        variation_consent_threshold_cents: 10_000_000,
        defects_liability_months: 12,
      });
    }
  });

  it('answers what the PATCH set, the same for every reader', async () => {
    const patched = await call(t, w.funder, {
      method: 'PATCH',
      url: `/api/facilities/${w.facilityId}/variation-settings`,
      payload: { variation_consent_threshold_cents: 5_000_000, defects_liability_months: 6 },
    });
    expect(patched).toEqual({ variation_consent_threshold_cents: 5_000_000, defects_liability_months: 6 });
    for (const reader of [w.developer, w.surveyor, coFunder]) {
      const res = await read(reader);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(patched);
    }
  });

  it('anonymous 401; another developer, an unapproved funder, a subscribed funder not party and the surveyor of another facility 404; an unknown id 404, a malformed one 400', async () => {
    expect((await read(null)).statusCode).toBe(401);
    const other = await createFacilityWorld(t);
    const unapproved = await createFunder(t, 'pending_approval');
    const subscribed = await createFunder(t, 'active');
    for (const stranger of [other.developer, other.funder, other.surveyor, unapproved, subscribed]) {
      const res = await read(stranger);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('Facility not found');
    }
    expect((await read(w.funder, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const malformed = await read(w.funder, 'not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: 'Invalid id', code: 'INVALID_ID' });
  });
});
