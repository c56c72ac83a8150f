import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpAndOnboard } from './support/accounts';
import { call } from './support/api';
import { expectAccessible, useBrowser } from './support/browser';
import { signInAdminViaApi } from './support/funders';
import { projectFields, uniqueTitle, uploadDocumentsViaApi } from './support/projects';

// Issue 22 item 4 (decision 041): before paying, the developer sees how many active funders lend on
// projects like theirs, and the near miss — on the publish step and on the project's page.

const { newPage } = useBrowser();

/** An Industrial project at Near Completion in TAS with a $2.5m loan: the demo market lends elsewhere. */
const listing = (title: string) => ({
  ...projectFields(title),
  location: '5 Salamanca Place, Hobart TAS 7000',
  suburb: 'Hobart',
  city: 'Hobart',
  state: 'TAS',
  postcode: '7000',
  property_type: 'Industrial',
  development_stage: 'Near Completion',
});

/** Fixture: a funder approved and subscribed by the admin, with the criteria saved through the API. */
async function activeFunderWith(admin: BrowserContext, criteria: object, name: string) {
  const { context } = await newPage();
  await signUpAndOnboard(context, 'funder', name);
  const me = await call<{ id: string }>(context, 'GET', '/api/auth/me');
  await call(admin, 'POST', `/api/admin/force-approve-funder/${me.id}`, {
    reason: 'Verified for the funder-matches journey',
  });
  await call(context, 'PUT', '/api/funder-criteria', criteria);
}

describe('[PUBLISH] the developer sees the market before paying', () => {
  it('developer: the publish step and the project page say how many active funders lend on projects like this', async () => {
    const admin = await newPage();
    await signInAdminViaApi(admin.context);
    const buyBox = {
      property_types: ['Industrial'],
      states: ['TAS', 'VIC'],
      development_stages: ['Near Completion'],
      min_loan: 1_000_000,
      max_loan: 5_000_000,
    };
    for (const name of ['Ada', 'Ben', 'Cy'])
      await activeFunderWith(admin.context, buyBox, `${name} Matching`);
    // Three more who lend only below $2.5m: the near miss, without their own limit.
    for (const name of ['Dee', 'Eli', 'Flo'])
      await activeFunderWith(admin.context, { ...buyBox, max_loan: 2_000_000 }, `${name} Smaller`);

    const { context, page } = await newPage();
    await signUpAndOnboard(context, 'borrower', 'Dana Developer');
    const title = uniqueTitle('Hobart Warehouses');
    const { id } = await call<{ id: string }>(context, 'POST', '/api/projects', listing(title), [201]);
    await uploadDocumentsViaApi(context, id);
    const answer = await call<{ matching_funders: number | string }>(
      context,
      'GET',
      `/api/projects/${id}/funder-matches`,
    );
    expect(answer.matching_funders).toBeGreaterThanOrEqual(3);
    const headline = `${answer.matching_funders} active funders lend on projects like this`;
    const nearMiss = /^\d+ more lend on Industrial in TAS but only for loans smaller than your \$2\.5m\.$/;

    // The project's page, for its owner: the card, before any payment.
    await page.goto(`/project/${id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 20_000 });
    const card = page.getByRole('region', { name: 'Funders for this project' });
    await expect.poll(() => card.getByText(headline).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await card.getByText(nearMiss).isVisible()).toBe(true);

    // The publish step: the same count beside the fee, before the card form.
    await page.getByRole('button', { name: 'Pay to Publish ($499)' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Publish Your Project' });
    const market = dialog.getByRole('region', { name: 'Funders who lend on projects like this' });
    await expect.poll(() => market.getByText(headline).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await market.getByText(nearMiss).isVisible()).toBe(true);
    await dialog.getByLabel('Card number').waitFor();
    await expectAccessible(page);
  });
});
