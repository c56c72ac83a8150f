import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { adminCall, projectIn } from './support/admin';

// Issue 8 item 11: the project Timeline's 'Published to funders' row has the date the listing was
// published. `published_at` is set when a listing becomes visible and kept while it stays so.

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin', name: 'Petra Publisher' });
  owner = await createUser(t.app, { role: 'borrower', profile: 'default' });
});
afterAll(() => t.close());

const published = async (id: string) => {
  const res = await as(t.app, owner, { method: 'GET', url: `/api/projects/${id}` });
  expect(res.statusCode).toBe(200);
  return res.json().published_at as string | null;
};

describe('project.published_at', () => {
  it('is null before publication, the approval time after it, and unchanged by a later edit of a live listing', async () => {
    const p = await projectIn(t.app, owner, 'pending');
    expect(await published(p.id)).toBeNull();

    const before = Date.now();
    expect((await adminCall(t.app, admin, 'POST', `/approve-project/${p.id}`)).statusCode).toBe(200);
    const first = await published(p.id);
    expect(first).not.toBeNull();
    expect(Date.parse(first!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(first!)).toBeLessThanOrEqual(Date.now() + 1000);

    // Hidden by the admin, then published again: the date is the new publication's.
    const hide = await adminCall(t.app, admin, 'POST', `/update-project-status/${p.id}`, {
      status: 'rejected',
      reason: 'Valuation out of date',
    });
    expect(hide.statusCode).toBe(200);
    expect(await published(p.id)).toBe(first);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await adminCall(t.app, admin, 'POST', `/update-project-status/${p.id}`, {
      status: 'published',
      reason: 'Valuation replaced',
    });
    expect(again.statusCode).toBe(200);
    const second = await published(p.id);
    expect(Date.parse(second!)).toBeGreaterThan(Date.parse(first!));
  });
});
