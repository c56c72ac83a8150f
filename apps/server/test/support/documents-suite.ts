import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { createProject, type TestApp, type TestUser } from '../helpers';
import { samples, uploadDocuments } from './documents';

/**
 * The documents tests' helpers, over the suite's app and the developer who owns the projects
 * (read when called, after the suite's beforeAll has made them).
 */
export function documentHelpers(suite: () => { t: TestApp; owner: TestUser }) {
  const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

  const documentRows = (projectId: string) =>
    suite()
      .t.database.db.selectFrom('project_document')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('uploaded_at')
      .orderBy('document_type')
      .execute();

  const auditActions = async (projectId: string) =>
    (
      await suite()
        .t.database.db.selectFrom('audit_log')
        .select(['action', 'before', 'after'])
        .where('target_id', '=', projectId)
        .where('action', 'like', 'document.%')
        .orderBy('id')
        .execute()
    ).map((a) => a.action);

  const setListingState = (
    projectId: string,
    state: { payment_status: 'unpaid' | 'payment_pending' | 'paid'; visible: boolean },
  ) => suite().t.database.db.updateTable('project').set(state).where('id', '=', projectId).execute();

  /** A fresh draft of the owner's with one document of each given type; returns the project and upload answer. */
  async function projectWithDocuments(types: string[]) {
    const { t, owner } = suite();
    const project = await createProject(t.app, owner);
    if (types.length === 0) return { project, upload: null };
    const res = await uploadDocuments(
      t.app,
      owner,
      project.id,
      types.map((type) => ({ type, name: `${type}.pdf`, content: samples.pdf() })),
    );
    expect(res.statusCode).toBe(200);
    return { project, upload: res.json() };
  }

  return { sha256, documentRows, auditActions, setListingState, projectWithDocuments };
}
