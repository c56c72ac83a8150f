import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFunderRequestAndAlert } from '../src/modules/projects/marketplace.repository';
import { findProject, findProjectForFunder } from '../src/modules/projects/projects.repository';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { createFunder } from './support/marketplace';
import { insertAccessRequest, insertPublishedProject } from './support/messages';

// Issue 31 (decision 076): a funder's preview of a listing reads the project, the funder's own
// request for it and whether an alert about it is unopened in one statement, where it took two.
// What the one statement reads must be exactly what the two read, in every state a preview meets.

let t: TestApp;
let developer: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  developer = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Dana Developer' });
});
afterAll(() => t.close());

/** The one statement against the two it replaces, for this funder and listing. */
async function expectSameAsTwo(projectId: string, funderId: string) {
  const db = t.database.db;
  const one = await findProjectForFunder(db, projectId, funderId);
  expect(one?.project).toEqual(await findProject(db, projectId));
  expect(one?.funder).toEqual(await findFunderRequestAndAlert(db, funderId, projectId));
  return one!;
}

describe("a funder's preview in one statement", () => {
  it('reads the project, the funder’s request and the unopened alert as the two statements did', async () => {
    const db = t.database.db;
    const funder = await createFunder(t, 'active', { name: 'Frankie Funder' });
    const other = await createFunder(t, 'active', { name: 'Olive Other' });
    const projectId = await insertPublishedProject(db, developer.id, 'Twelve Townhouses, Marrickville');

    // Nothing asked, no alert.
    expect((await expectSameAsTwo(projectId, funder.id)).funder).toEqual({
      request: undefined,
      unopenedAlert: false,
    });

    // An alert not yet opened; another funder's request and alert are not this funder's.
    await db
      .insertInto('listing_alert')
      .values({
        funder_id: funder.id,
        project_id: projectId,
        reasons: JSON.stringify(['type']),
        email: 'off',
      })
      .execute();
    await insertAccessRequest(db, { funderId: other.id, projectId, status: 'pending' });
    expect((await expectSameAsTwo(projectId, funder.id)).funder).toEqual({
      request: undefined,
      unopenedAlert: true,
    });

    // A declined request, then an open one: the open one is the funder's request.
    const declined = await insertAccessRequest(db, { funderId: funder.id, projectId, status: 'declined' });
    expect((await expectSameAsTwo(projectId, funder.id)).funder.request).toEqual({
      id: declined,
      status: 'declined',
    });
    const pending = await insertAccessRequest(db, { funderId: funder.id, projectId, status: 'pending' });
    expect((await expectSameAsTwo(projectId, funder.id)).funder.request).toEqual({
      id: pending,
      status: 'pending',
    });

    // No such project: nothing, as findProject.
    expect(await findProjectForFunder(db, '00000000-0000-4000-8000-000000000000', funder.id)).toBeUndefined();
  });

  it('through the API, a preview still marks the alert opened and shows the funder’s request', async () => {
    const db = t.database.db;
    const funder = await createFunder(t, 'active', { name: 'Priya Previewer' });
    const projectId = await insertPublishedProject(db, developer.id, 'Six Villas, Ascot');
    await db
      .insertInto('listing_alert')
      .values({
        funder_id: funder.id,
        project_id: projectId,
        reasons: JSON.stringify(['state']),
        email: 'off',
      })
      .execute();
    const requestId = await insertAccessRequest(db, { funderId: funder.id, projectId, status: 'pending' });

    const res = await as(t.app, funder, { method: 'GET', url: `/api/projects/${projectId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: projectId,
      view: 'preview',
      access_status: 'pending',
      access_request_id: requestId,
    });
    const alert = await db
      .selectFrom('listing_alert')
      .select('opened_at')
      .where('funder_id', '=', funder.id)
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    expect(alert.opened_at).not.toBeNull();
  });
});
