import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call } from './support/api';
import { baseURL, DEMO_ADMIN, useBrowser } from './support/browser';
import { signInViaApi } from './support/funders';
import { createProjectViaApi, uniqueTitle } from './support/projects';

// Issue 30 finding 2 (decision 049), in the browser: a funder opens a view-only PDF and reads it as
// page images made on the server. The first pages load at once, later ones only as the reader
// scrolls to them; each image is named "Page n of N"; no response the browser gets is a PDF, and
// there is no download. At 1280 px and at 375 px.

const { newPage } = useBrowser();
const DEMO_PASSWORD = 'plinth-demo-2026';
const DEVELOPER = { email: 'developer@plinth.local', password: DEMO_PASSWORD };
const FUNDER = { email: 'funder.active@plinth.local', password: DEMO_PASSWORD };
const PAGES = 12;

/** A real PDF of `pages` pages, each saying its number, written by hand (the e2e package has no PDF writer). */
function pdfOf(pages: number): Buffer {
  const objects: string[] = ['<</Type/Catalog/Pages 2 0 R>>'];
  const kids = Array.from({ length: pages }, (_, i) => `${4 + 2 * i} 0 R`).join(' ');
  objects.push(`<</Type/Pages/Kids[${kids}]/Count ${pages}>>`);
  objects.push('<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>');
  for (let n = 1; n <= pages; n++) {
    const content = `BT /F1 28 Tf 72 720 Td (Valuation, page ${n} of ${pages}) Tj ET`;
    objects.push(
      `<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Resources<</Font<</F1 3 0 R>>>>/Contents ${5 + 2 * (n - 1)} 0 R>>`,
    );
    objects.push(`<</Length ${content.length}>>\nstream\n${content}\nendstream`);
  }
  let body = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The developer's listing with a view-only PDF, published by the admin, the funder granted access. */
async function viewOnlyListing() {
  const developer = await newPage();
  await signInViaApi(developer.context, DEVELOPER);
  const projectId = await createProjectViaApi(developer.context, uniqueTitle('Paged Heights'));
  const uploaded = await developer.context.request.post(`/api/projects/${projectId}/documents`, {
    headers: { origin: baseURL() },
    multipart: {
      documents: { name: 'valuation.pdf', mimeType: 'application/pdf', buffer: pdfOf(PAGES) },
      document_types: JSON.stringify(['valuation_report']),
      view_only: JSON.stringify([true]),
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const admin = await newPage();
  await signInViaApi(admin.context, DEMO_ADMIN);
  await call(admin.context, 'POST', `/api/admin/force-publish-project/${projectId}`, {
    reason: 'View-only pages journey',
  });
  return { projectId, developer };
}

async function grantFunder(
  projectId: string,
  developer: Awaited<ReturnType<typeof viewOnlyListing>>['developer'],
  width: number,
) {
  const funder = await newPage(width);
  await signInViaApi(funder.context, FUNDER);
  const request = await call<{ id: string }>(
    funder.context,
    'POST',
    '/api/access-requests',
    { project_id: projectId, undertaking: { accepted: true, full_name: 'Active Funder' } },
    [201],
  );
  await call(developer.context, 'PUT', `/api/access-requests/${request.id}/approve`);
  return funder;
}

/** What the browser was sent from the documents API: each response's path and type. */
function watchDocuments(page: Page) {
  const seen: { path: string; search: string; type: string }[] = [];
  page.on('response', (res) => {
    const { pathname, search } = new URL(res.url());
    if (pathname.startsWith('/api/documents/'))
      seen.push({ path: pathname, search, type: res.headers()['content-type'] ?? '' });
  });
  return seen;
}

const loaded = (page: Page, name: string) =>
  page
    .getByRole('dialog')
    .getByRole('img', { name })
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

async function openViewer(page: Page, projectId: string) {
  await page.goto(`/project/${projectId}`);
  await page.getByRole('tab', { name: /^Documents/ }).click();
  await page.getByRole('listitem').filter({ hasText: 'valuation.pdf' }).getByText('View only').waitFor();
  expect(await page.getByRole('button', { name: 'Download valuation.pdf' }).count()).toBe(0);
  await page.getByRole('button', { name: 'Preview valuation.pdf' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('img', { name: `Page 1 of ${PAGES}` }).waitFor();
  await expect.poll(() => loaded(page, `Page 1 of ${PAGES}`)).toBe(true);
  return dialog;
}

describe('[VIEW-ONLY PAGES] a view-only document read as page images', () => {
  it('pages load as the funder scrolls; nothing sent is a PDF; no download (1280 px)', async () => {
    const { projectId, developer } = await viewOnlyListing();
    const { page } = await grantFunder(projectId, developer, 1280);
    const seen = watchDocuments(page);
    const dialog = await openViewer(page, projectId);

    // Every page keeps its place and its number; the last ones are not asked for yet.
    expect(await dialog.locator('figure[data-page-number]').count()).toBe(PAGES);
    await dialog.getByText(`Page ${PAGES} of ${PAGES}`).waitFor();
    expect(await dialog.getByRole('img', { name: `Page ${PAGES} of ${PAGES}` }).count()).toBe(0);
    expect(seen.some((r) => r.path.endsWith(`/pages/${PAGES}`))).toBe(false);

    // Scrolled to the end, the last page is fetched and shown.
    await dialog.getByTestId('page-images-viewer').evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await dialog.getByRole('img', { name: `Page ${PAGES} of ${PAGES}` }).waitFor();
    await expect.poll(() => loaded(page, `Page ${PAGES} of ${PAGES}`)).toBe(true);

    const images = seen.filter((r) => /\/pages\/\d+$/.test(r.path));
    expect(images.length).toBeGreaterThan(1);
    for (const r of images) expect(r.type).toBe('image/png');
    expect(seen.filter((r) => /pdf/.test(r.type))).toEqual([]);
    expect(await dialog.getByRole('button', { name: /Download/ }).count()).toBe(0);
    await dialog.getByText(/View only: this document is read here, page by page/).waitFor();
    // The viewer itself: no serious or critical accessibility violation (it scrolls from the keyboard).
    const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  it('at 375 px the page fits the screen', async () => {
    const { projectId, developer } = await viewOnlyListing();
    const { page } = await grantFunder(projectId, developer, 375);
    const seen = watchDocuments(page);
    const dialog = await openViewer(page, projectId);
    const box = await dialog.getByRole('img', { name: `Page 1 of ${PAGES}` }).boundingBox();
    expect(box!.width).toBeGreaterThan(200);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    // A narrow screen asks for narrower images than a desktop.
    const opened = seen.find((r) => r.path.endsWith('/pages'));
    expect(opened?.search).toBe('?width=640');
    expect(seen.filter((r) => /pdf/.test(r.type))).toEqual([]);
  });
});
