import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { as, type TestUser } from '../helpers';
import { adminCall, projectIn } from './admin';

// The listing-alert tests' shared steps (issue 22): a funder saves criteria (and alert settings),
// and an admin puts a developer's listing on the market.

/** Saves a funder's criteria through the API, then their alert settings when given. */
export async function saveCriteria(
  app: FastifyInstance,
  funder: TestUser,
  criteria: Record<string, unknown> = {},
  alerts?: { email: string; time_zone: string },
) {
  const res = await as(app, funder, { method: 'PUT', url: '/api/funder-criteria', payload: criteria });
  expect(res.statusCode, res.body).toBe(200);
  if (!alerts) return;
  const put = await as(app, funder, { method: 'PUT', url: '/api/funder-criteria/alerts', payload: alerts });
  expect(put.statusCode, put.body).toBe(200);
}

/** A pending listing of `owner` the admin approves: the approving transaction queues its fan-out. */
export async function approveListing(
  app: FastifyInstance,
  people: { admin: TestUser; owner: TestUser },
  overrides: Record<string, unknown> = {},
) {
  const p = await projectIn(app, people.owner, 'pending', overrides);
  const res = await adminCall(app, people.admin, 'POST', `/approve-project/${p.id}`);
  expect(res.statusCode, res.body).toBe(200);
  return p as typeof p & { id: string };
}
