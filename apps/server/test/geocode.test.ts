import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';

let t: TestApp;
let developer: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  developer = await createUser(t.app, { role: 'borrower', profile: 'default' });
});
afterAll(() => t.close());

const autocomplete = (user: TestUser | null, input: unknown) =>
  as(t.app, user, { method: 'POST', url: '/api/geocode/autocomplete', payload: { input } });

const placeDetails = (user: TestUser | null, placeId: unknown) =>
  as(t.app, user, { method: 'POST', url: '/api/geocode/place-details', payload: { place_id: placeId } });

type Prediction = { description: string; place_id: string };

describe('POST /api/geocode/autocomplete', () => {
  it('autocomplete: anonymous callers are refused with 401', async () => {
    const res = await autocomplete(null, 'Parramatta');
    expect(res.statusCode).toBe(401);
  });

  it("autocomplete: 'Parramatta' suggests Parramatta NSW 2150 first", async () => {
    const res = await autocomplete(developer, 'Parramatta');
    expect(res.statusCode).toBe(200);
    const { predictions } = res.json() as { predictions: Prediction[] };
    expect(predictions[0]?.description).toBe('Parramatta NSW 2150');
    expect(predictions.length).toBeLessThanOrEqual(8);
  });

  it('autocomplete: input shorter than 3 characters gives an empty list', async () => {
    for (const input of ['', 'Pa', '  Pa  ']) {
      const res = await autocomplete(developer, input);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ predictions: [] });
    }
  });

  it('autocomplete: a common prefix gives at most 8 suggestions', async () => {
    const res = await autocomplete(developer, 'North');
    expect(res.statusCode).toBe(200);
    expect((res.json() as { predictions: Prediction[] }).predictions).toHaveLength(8);
  });

  it('autocomplete: a street typed before the locality is skipped, and a trailing state filters', async () => {
    const res = await autocomplete(developer, '12 Example Street, Marrickville NSW');
    const descriptions = (res.json() as { predictions: Prediction[] }).predictions.map((p) => p.description);
    expect(descriptions).toContain('Marrickville NSW 2204');
    expect(descriptions.every((d) => d.includes(' NSW '))).toBe(true);
  });

  it('autocomplete: a postcode finds its localities', async () => {
    const res = await autocomplete(developer, '2204');
    const descriptions = (res.json() as { predictions: Prediction[] }).predictions.map((p) => p.description);
    expect(descriptions).toContain('Marrickville NSW 2204');
  });

  it('autocomplete: a body without input, or with a non-string, is a 400', async () => {
    expect((await autocomplete(developer, 42)).statusCode).toBe(400);
    const res = await as(t.app, developer, { method: 'POST', url: '/api/geocode/autocomplete', payload: {} });
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/geocode/place-details', () => {
  it('place-details: a suggestion gives the suburb, city, state, postcode and coordinates', async () => {
    const search = await autocomplete(developer, 'Parramatta');
    const first = (search.json() as { predictions: Prediction[] }).predictions[0]!;
    const res = await placeDetails(developer, first.place_id);
    expect(res.statusCode).toBe(200);
    const details = res.json();
    expect(details).toMatchObject({
      location: 'Parramatta NSW 2150',
      suburb: 'Parramatta',
      city: 'Sydney',
      state: 'NSW',
      postcode: '2150',
    });
    expect(details.latitude).toBeCloseTo(-33.81, 1);
    expect(details.longitude).toBeCloseTo(151.0, 1);
  });

  it('place-details: an unknown place id is a 404', async () => {
    for (const id of ['au-locality-999999999', 'ChIJ-not-ours']) {
      const res = await placeDetails(developer, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'Place not found', code: 'NOT_FOUND' });
    }
  });

  it('place-details: anonymous callers are refused with 401', async () => {
    const res = await placeDetails(null, 'au-locality-4250');
    expect(res.statusCode).toBe(401);
  });

  it('place-details: an empty place id is a 400', async () => {
    const res = await placeDetails(developer, '');
    expect(res.statusCode).toBe(400);
  });
});
