import { readFileSync } from 'node:fs';
import { feasibility, feasibilityInputsOf } from '@plinth/domain/broker-ai/feasibility';
import { quoteCost } from '@plinth/domain/broker-ai/tools';
import { formatAud } from '@plinth/domain/format';
import { describe, expect, it } from 'vitest';
import { call } from './support/api';
import { DEMO_ADMIN, useBrowser } from './support/browser';
import { signInViaApi } from './support/funders';
import { pagesText } from './support/pdf';
import { createProjectViaApi, projectFields, uniqueTitle } from './support/projects';

// Issue 21 item 4 in the browser: in the deal room the funder clicks 'Download credit summary'; the
// PDF downloads, and its text (read with pdf.js) holds the project's LVR and the accepted quote's
// all-in cost, as the domain works them out, and the funder's stamp.

const { newPage } = useBrowser();
const DEMO_PASSWORD = 'plinth-demo-2026';
const DEVELOPER = { email: 'developer@plinth.local', password: DEMO_PASSWORD };
const FUNDER = { email: 'funder.active@plinth.local', password: DEMO_PASSWORD };
const QUOTE = {
  loan_amount: 2_500_000,
  interest_rate: 9.75,
  loan_term: 18,
  establishment_fee: 25_000,
  other_fees: 'Line fee 0.5% p.a.',
  conditions: 'First mortgage.',
};

/** The demo developer's listing, published, the demo funder granted access, engaged and quoted; the quote accepted. */
async function quotedDeal() {
  const developer = await newPage();
  await signInViaApi(developer.context, DEVELOPER);
  const title = uniqueTitle('Credit Summary Rise');
  const projectId = await createProjectViaApi(developer.context, title);
  const admin = await newPage();
  await signInViaApi(admin.context, DEMO_ADMIN);
  await call(admin.context, 'POST', `/api/admin/force-publish-project/${projectId}`, {
    reason: 'Credit summary journey',
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
  const deal = await call<{ deal_id: string }>(
    funder.context,
    'POST',
    '/api/deals',
    { project_id: projectId, access_request_id: request.id },
    [200, 201],
  );
  const quote = await call<{ id: string }>(
    funder.context,
    'POST',
    `/api/deals/${deal.deal_id}/proposals`,
    QUOTE,
    [201],
  );
  await call(developer.context, 'PUT', `/api/proposals/${quote.id}/respond`, { response: 'accept' });
  return { projectId, title, dealId: deal.deal_id, funder };
}

describe('[DEAL ROOM] credit summary', () => {
  it("the funder downloads the credit summary: two pages with the project's LVR, the quote's all-in cost and their stamp", async () => {
    const { projectId, title, dealId, funder } = await quotedDeal();
    const { page } = funder;
    await page.goto(`/project/${projectId}/deal/${dealId}`);
    const button = page.getByRole('button', { name: 'Download credit summary' });
    await button.waitFor();
    // 'Analyse with BrokerAI' sits beside it among the header's actions, below the breadcrumb
    // (issue 23 item 2), not floating above it.
    const [analyse, downloadBox, crumbs] = await Promise.all([
      page.getByRole('link', { name: 'Analyse with BrokerAI' }).boundingBox(),
      button.boundingBox(),
      page.getByRole('navigation', { name: 'Breadcrumb' }).boundingBox(),
    ]);
    expect(analyse!.y).toBeGreaterThanOrEqual(crumbs!.y + crumbs!.height);
    expect(Math.abs(analyse!.y - downloadBox!.y)).toBeLessThan(4);
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^credit-summary-credit-summary-rise-.*\.pdf$/);
    const pages = await pagesText(readFileSync((await download.path())!));
    expect(pages).toHaveLength(2);

    const lvr = feasibility(feasibilityInputsOf(projectFields(title))).ratios.find(
      (r) => r.key === 'lvrOnLand',
    )!;
    expect(lvr.display).toBe('83.3%');
    expect(pages[0]).toContain('LVR on land (Plinth)');
    expect(pages[0]).toContain(lvr.display);
    const allIn = quoteCost(QUOTE)!;
    expect(pages[1]).toContain('Accepted quote');
    expect(pages[1]).toContain(formatAud(allIn.total));
    for (const text of pages)
      expect(text).toMatch(new RegExp(`${FUNDER.email} .* Code [0-9A-Z]{4}-[0-9A-Z]{4}`));
  });
});
