import { describe, expect, it } from 'vitest';
import { call } from './support/api';
import { baseURL, DEMO_ADMIN, useBrowser } from './support/browser';
import { signInViaApi } from './support/funders';
import { createProjectViaApi, uniqueTitle } from './support/projects';

// Issue 37 item 14: the view-only viewer has page and zoom controls.

const { newPage } = useBrowser();
const DEMO_PASSWORD = 'plinth-demo-2026';
const DEVELOPER = { email: 'developer@plinth.local', password: DEMO_PASSWORD };
const FUNDER = { email: 'funder.active@plinth.local', password: DEMO_PASSWORD };
const PAGES = 4;

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

describe('[ISSUE 37] the view-only viewer: page and zoom controls (item 14)', () => {
  it('Next page and a typed page move the pages; Zoom in and Fit width change their size', async () => {
    const developer = await newPage();
    await signInViaApi(developer.context, DEVELOPER);
    const projectId = await createProjectViaApi(developer.context, uniqueTitle('Zoomed Heights'));
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
      reason: 'Viewer controls journey',
    });
    const { context, page } = await newPage();
    await signInViaApi(context, FUNDER);
    const request = await call<{ id: string }>(
      context,
      'POST',
      '/api/access-requests',
      { project_id: projectId, undertaking: { accepted: true, full_name: 'Active Funder' } },
      [201],
    );
    await call(developer.context, 'PUT', `/api/access-requests/${request.id}/approve`);

    await page.goto(`/project/${projectId}`);
    await page.getByRole('tab', { name: /^Documents/ }).click();
    await page.getByRole('button', { name: 'Preview valuation.pdf' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('img', { name: `Page 1 of ${PAGES}` }).waitFor();
    const controls = dialog.getByRole('toolbar', { name: 'valuation.pdf controls' });
    const pageNumber = controls.getByRole('textbox', { name: 'Page' });
    expect(await pageNumber.inputValue()).toBe('1');
    await controls.getByText(`of ${PAGES}`).waitFor();
    expect(await controls.getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(true);

    // Next page scrolls the frame to page 2; a typed page goes there.
    const frame = dialog.getByTestId('page-images-viewer');
    const top = (n: number) =>
      dialog.locator(`figure[data-page-number="${n}"]`).evaluate((el: HTMLElement) => el.offsetTop);
    await controls.getByRole('button', { name: 'Next page' }).click();
    expect(await pageNumber.inputValue()).toBe('2');
    const second = await top(2);
    await expect.poll(() => frame.evaluate((el) => el.scrollTop)).toBeGreaterThan(second - 40);
    await pageNumber.fill(String(PAGES));
    await pageNumber.press('Enter');
    await dialog.getByRole('img', { name: `Page ${PAGES} of ${PAGES}` }).waitFor();
    expect(await controls.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);

    // Zoom in makes the pages wider than the frame (it scrolls sideways); Fit width brings them back.
    const width = () =>
      dialog.locator('figure[data-page-number="1"] > div').evaluate((el) => el.getBoundingClientRect().width);
    const fitted = await width();
    await controls.getByRole('button', { name: 'Zoom in' }).click();
    await controls.getByText('125%').waitFor();
    await expect.poll(width).toBeGreaterThan(fitted * 1.2);
    await controls.getByRole('button', { name: 'Fit width' }).click();
    await controls.getByText('100%').waitFor();
    await expect.poll(width).toBeCloseTo(fitted, 0);
  });
});
