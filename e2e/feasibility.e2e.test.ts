import { pct } from '@plinth/domain/broker-ai/answer';
import {
  type FeasibilityProject,
  feasibility,
  feasibilityInputsOf,
  SENSITIVITY_COST_RISES,
  SENSITIVITY_REVENUE_FALLS,
} from '@plinth/domain/broker-ai/feasibility';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpAndOnboard, type TestAccount } from './support/accounts';
import { call } from './support/api';
import { expectAccessible, useBrowser } from './support/browser';
import { approveProjectViaApi, signInAdminViaApi, signInViaApi } from './support/funders';
import { payViaApi, projectFields, uniqueTitle, uploadDocumentsViaApi } from './support/projects';

const { newPage } = useBrowser();

const journey: {
  developer?: TestAccount;
  funder?: TestAccount;
  projectId?: string;
  dealId?: string;
  title?: string;
} = {};

/** The grid as the page shows it: each cell's text, by its test id. */
async function gridOnPage(page: Page) {
  await page.getByTestId('sensitivity-grid').waitFor();
  const cells: Record<string, string> = {};
  for (const rise of SENSITIVITY_COST_RISES)
    for (const fall of SENSITIVITY_REVENUE_FALLS) {
      const id = `sensitivity-cell-${rise}-${fall}`;
      cells[id] = ((await page.getByTestId(id).textContent()) ?? '').trim();
    }
  return cells;
}

/** The grid the domain computes from a project's figures. */
function gridOf(project: FeasibilityProject, change: { revenue?: number } = {}) {
  const grid = feasibility({ ...feasibilityInputsOf(project), ...change }).grid!;
  const cells: Record<string, string> = {};
  for (const row of grid.rows)
    for (const cell of row)
      cells[`sensitivity-cell-${cell.costRisePercent}-${cell.revenueFallPercent}`] = pct(cell.marginOnCost);
  return cells;
}

const openFeasibility = async (page: Page) => {
  await page.getByRole('tab', { name: 'Feasibility' }).click();
  await page.getByRole('heading', { level: 2, name: 'Sensitivity grid' }).waitFor();
};

describe('[FEASIBILITY] the Feasibility tab on the project page and in the deal room', () => {
  it("the developer opens their project's Feasibility tab: the grid is the domain's feasibility of the figures the API returns; a 'what if' recomputes it and sends nothing", async () => {
    const { context, page } = await newPage();
    journey.developer = await signUpAndOnboard(context, 'borrower', 'Fiona Feasibility');
    journey.title = uniqueTitle('Feasibility Terraces');
    // A construction cost, a GDC and a profit, so the grid, the ratios and the stress cases all show.
    const created = await call<{ id: string }>(
      context,
      'POST',
      '/api/projects',
      {
        ...projectFields(journey.title),
        construction_cost: 2_400_000,
        expected_gdc: 4_900_000,
        expected_profit: 800_000,
      },
      [201],
    );
    journey.projectId = created.id;
    await uploadDocumentsViaApi(context, created.id);
    await payViaApi(context, created.id);
    const admin = await newPage();
    await signInAdminViaApi(admin.context);
    await approveProjectViaApi(admin.context, created.id);

    const project = await call<FeasibilityProject>(context, 'GET', `/api/projects/${created.id}`);
    const writes: string[] = [];
    page.on('request', (request) => {
      if (['PUT', 'PATCH'].includes(request.method())) writes.push(`${request.method()} ${request.url()}`);
    });
    await page.goto(`/project/${created.id}`);
    await page.getByRole('heading', { level: 1, name: journey.title }).waitFor();
    await openFeasibility(page);

    expect(await gridOnPage(page)).toEqual(gridOf(project));
    // Worked by hand: revenue 4.8 m (cost + profit) on 4 m is 20 %; +10 % of the 2.4 m build is 4.24 m.
    expect(await page.getByTestId('sensitivity-cell-0-0').textContent()).toBe('20%');
    expect(await page.getByTestId('sensitivity-cell-10-0').textContent()).toBe('13.2%');
    await page.getByRole('rowheader', { name: 'Construction cost +20%' }).waitFor();
    const ratios = page.getByRole('table', { name: 'Ratios against their norms' });
    await ratios.getByRole('rowheader', { name: 'Margin on cost' }).waitFor();
    await page.getByRole('table', { name: 'Stress cases against the 15% hurdle' }).waitFor();
    // The chart is drawn (two lines), with the summary beside it.
    await page.locator('.recharts-line').nth(1).waitFor();
    expect(await page.getByTestId('interest-summary').textContent()).toContain('Over 18 months');
    await expectAccessible(page);

    // What if the revenue were $6 m: every cell recomputes; Reset brings the listing back.
    await page.getByLabel('Revenue (GRV ex GST)').fill('6000000');
    await expect.poll(() => page.getByTestId('sensitivity-cell-0-0').textContent()).toBe('50%');
    expect(await gridOnPage(page)).toEqual(gridOf(project, { revenue: 6_000_000 }));
    await page.getByRole('button', { name: 'Reset to listing' }).click();
    await expect.poll(() => page.getByTestId('sensitivity-cell-0-0').textContent()).toBe('20%');
    expect(await gridOnPage(page)).toEqual(gridOf(project));
    expect(writes).toEqual([]);
    // The listing kept its own figures.
    const after = await call<FeasibilityProject>(context, 'GET', `/api/projects/${created.id}`);
    expect(feasibilityInputsOf(after)).toEqual(feasibilityInputsOf(project));
  });

  it('a funder granted access sees the Feasibility tab in the deal room, worked from the figures the deal gives', async () => {
    const { context, page } = await newPage();
    journey.funder = await signUpAndOnboard(context, 'funder', 'Grace Granted');
    const me = await call<{ id: string }>(context, 'GET', '/api/auth/me');
    const admin = await newPage();
    await signInAdminViaApi(admin.context);
    await call(admin.context, 'POST', `/api/admin/force-approve-funder/${me.id}`, {
      reason: 'Verified for the feasibility journey',
    });
    const access = await call<{ id: string }>(
      context,
      'POST',
      '/api/access-requests',
      {
        project_id: journey.projectId,
        initial_message: 'We fund townhouses in western Sydney.',
        undertaking: { accepted: true, full_name: 'Grace Granted' },
      },
      [201],
    );
    const developer = await newPage();
    await signInViaApi(developer.context, journey.developer!);
    await call(developer.context, 'PUT', `/api/access-requests/${access.id}/approve`);
    const engaged = await call<{ deal_id: string }>(
      context,
      'POST',
      '/api/deals',
      { project_id: journey.projectId, access_request_id: access.id },
      [200, 201],
    );
    const deal = await call<{ project: FeasibilityProject }>(context, 'GET', `/api/deals/${engaged.deal_id}`);

    await page.goto(`/project/${journey.projectId}/deal/${engaged.deal_id}`);
    await page.getByRole('heading', { level: 1, name: journey.title }).waitFor();
    await openFeasibility(page);
    expect(await gridOnPage(page)).toEqual(gridOf(deal.project));
    await page.getByRole('button', { name: 'Reset to listing' }).waitFor();

    // The whole file on the project page has it too.
    await page.goto(`/project/${journey.projectId}`);
    await page.getByRole('heading', { level: 1, name: journey.title }).waitFor();
    await openFeasibility(page);
    const project = await call<FeasibilityProject>(context, 'GET', `/api/projects/${journey.projectId}`);
    expect(await gridOnPage(page)).toEqual(gridOf(project));
  });

  it('a funder without access gets Access Required on the project page, with no Feasibility tab', async () => {
    const { context, page } = await newPage();
    await signUpAndOnboard(context, 'funder', 'Nora No-Access');
    const me = await call<{ id: string }>(context, 'GET', '/api/auth/me');
    const admin = await newPage();
    await signInAdminViaApi(admin.context);
    await call(admin.context, 'POST', `/api/admin/force-approve-funder/${me.id}`, {
      reason: 'Verified for the feasibility journey',
    });
    await page.goto(`/project/${journey.projectId}`);
    await page.getByRole('heading', { level: 1, name: 'Access Required' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Feasibility' }).count()).toBe(0);
    expect(await page.getByTestId('sensitivity-grid').count()).toBe(0);
  });
});
