import { readFileSync } from 'node:fs';
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call } from './support/api';
import { baseURL, DEMO_ADMIN, useBrowser } from './support/browser';
import { signInViaApi } from './support/funders';
import { pagesText } from './support/pdf';
import { createProjectViaApi, uniqueTitle } from './support/projects';

// Issue 19 items 2 and 4 (decision 034), in the browser: a funder's download of a project PDF is
// stamped on every page with their e-mail and a download code (read back here with pdf.js, and
// traced to them by the developer); a view-only PDF opens in the app's own viewer as page images
// made on the server, with no download.

const { newPage } = useBrowser();
const DEMO_PASSWORD = 'plinth-demo-2026';
const DEVELOPER = { email: 'developer@plinth.local', password: DEMO_PASSWORD };
const FUNDER = { email: 'funder.active@plinth.local', password: DEMO_PASSWORD };

/** A real PDF of `pages` blank pages, written by hand (the e2e package has no PDF writer). */
function pdfOf(pages: number, label: string): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ');
  const pageObjects = Array.from(
    { length: pages },
    (_, i) => `${i + 3} 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>> endobj\n`,
  ).join('');
  return Buffer.from(
    `%PDF-1.7\n% ${label}\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n` +
      `2 0 obj <</Type/Pages/Kids[${kids}]/Count ${pages}>> endobj\n${pageObjects}trailer <</Root 1 0 R>>\n%%EOF\n`,
  );
}

async function upload(context: BrowserContext, projectId: string, type: string, file: object) {
  const res = await context.request.post(`/api/projects/${projectId}/documents`, {
    headers: { origin: baseURL() },
    multipart: { documents: file as never, document_types: JSON.stringify([type]) },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { uploaded: { id: string }[] }).uploaded[0]!.id;
}

/** The developer's listing with three files, published by the admin, the funder granted access. */
async function grantedListing() {
  const developer = await newPage();
  await signInViaApi(developer.context, DEVELOPER);
  const title = uniqueTitle('Watermark Heights');
  const projectId = await createProjectViaApi(developer.context, title);
  await upload(developer.context, projectId, 'feasibility_study', {
    name: 'feasibility.pdf',
    mimeType: 'application/pdf',
    buffer: pdfOf(3, 'Feasibility'),
  });
  const viewOnlyId = await upload(developer.context, projectId, 'valuation_report', {
    name: 'valuation.pdf',
    mimeType: 'application/pdf',
    buffer: pdfOf(2, 'Valuation'),
  });
  await upload(developer.context, projectId, 'quantity_surveyor_report', {
    name: 'cost-plan.docx',
    mimeType: 'application/octet-stream',
    buffer: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(512)]),
  });
  const marked = await developer.context.request.fetch(`/api/documents/${viewOnlyId}`, {
    method: 'PATCH',
    headers: { origin: baseURL() },
    data: { view_only: true },
  });
  expect(marked.status(), await marked.text()).toBe(200);

  const admin = await newPage();
  await signInViaApi(admin.context, DEMO_ADMIN);
  await call(admin.context, 'POST', `/api/admin/force-publish-project/${projectId}`, {
    reason: 'Watermark journey',
  });
  const funder = await newPage();
  await signInViaApi(funder.context, FUNDER);
  const request = await call<{ id: string }>(
    funder.context,
    'POST',
    '/api/access-requests',
    { project_id: projectId, undertaking: { accepted: true, full_name: 'Active Funder' } },
    [201],
  );
  await call(developer.context, 'PUT', `/api/access-requests/${request.id}/approve`);
  return { projectId, developer, funder };
}

describe('[WATERMARK] stamped downloads and view-only documents', () => {
  it("the funder's download carries their e-mail and its code on every page; the developer traces it to them", async () => {
    const { projectId, developer, funder } = await grantedListing();
    const { page } = funder;
    await page.goto(`/project/${projectId}`);
    await page.getByRole('tab', { name: /^Documents/ }).click();
    // The office file is marked as going out unchanged.
    const docx = page.getByRole('listitem').filter({ hasText: 'cost-plan.docx' });
    await expect.poll(() => docx.getByText('Not watermarked').count()).toBe(1);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download feasibility.pdf' }).click(),
    ]);
    const bytes = readFileSync((await download.path())!);
    const traced = await developer.context.request.post('/api/document-trace', {
      headers: { origin: baseURL() },
      multipart: { file: { name: 'leaked.pdf', mimeType: 'application/pdf', buffer: bytes } },
    });
    expect(traced.status(), await traced.text()).toBe(200);
    const trace = (await traced.json()) as { code: string; viewer: { email: string } };
    expect(trace.viewer.email).toBe(FUNDER.email);
    const pages = await pagesText(bytes);
    expect(pages).toHaveLength(3);
    for (const text of pages) {
      expect(text).toContain(FUNDER.email);
      expect(text).toContain(`Code ${trace.code}`);
    }
  });

  it('a view-only PDF opens in the viewer and has no download', async () => {
    const { projectId, funder } = await grantedListing();
    const { page } = funder;
    await page.goto(`/project/${projectId}`);
    await page.getByRole('tab', { name: /^Documents/ }).click();
    const item = page.getByRole('listitem').filter({ hasText: 'valuation.pdf' });
    await item.getByText('View only').waitFor();
    expect(await page.getByRole('button', { name: 'Download valuation.pdf' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Download feasibility.pdf' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Preview valuation.pdf' }).click();
    const dialog = page.getByRole('dialog');
    // Its pages are images made on the server (decision 049), stamped for the funder; the second is
    // fetched as the reader scrolls to it.
    await dialog.getByRole('img', { name: 'Page 1 of 2' }).waitFor();
    await dialog.getByTestId('page-images-viewer').evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await dialog.getByRole('img', { name: 'Page 2 of 2' }).waitFor();
    expect(await dialog.locator('figure[data-page-number]').count()).toBe(2);
    expect(await dialog.locator('canvas').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: /Download/ }).count()).toBe(0);
    expect(await dialog.locator('iframe').count()).toBe(0);
    await dialog.getByText(/View only: this document is read here/).waitFor();
    // The download endpoint, and the inline view of the file, refuse the funder outright.
    const id = await documentId(funder.context, projectId, 'valuation.pdf');
    expect((await funder.context.request.get(`/api/documents/${id}/download`)).status()).toBe(403);
    expect((await funder.context.request.get(`/api/documents/${id}/view`)).status()).toBe(403);
  });
});

async function documentId(context: BrowserContext, projectId: string, fileName: string) {
  const list = await call<{ documents: { id: string; file_name: string }[] }>(
    context,
    'GET',
    `/api/projects/${projectId}/documents`,
  );
  return list.documents.find((d) => d.file_name === fileName)!.id;
}
