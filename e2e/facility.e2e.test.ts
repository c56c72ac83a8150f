import { describe, expect, it } from 'vitest';
import { call } from './support/api';
import { expectAccessible, useBrowser } from './support/browser';
import { openFacilityWorld } from './support/facility-world';
import { pathOf, signInViaApi } from './support/funders';

const { newPage } = useBrowser();

const DRAW_PATH = /^\/draws\/[0-9a-f-]{36}$/;

type InBalance = { shortfall_cents: number; in_balance: boolean };

describe('[FACILITY] A draw from draft to funded, through the developer, the quantity surveyor and the funder', () => {
  it('the developer submits a draft; the QS certifies less with a reason; the funder sees the shortfall; the developer adds equity; the funder funds; the portfolio follows without a reload', async () => {
    const { facilityId, title, developer, funder, surveyor } = await openFacilityWorld(newPage, 'Claimant');

    // The funder's portfolio stays open in its own tab the whole time: it must follow live.
    const portfolio = await funder.context.newPage();
    await portfolio.goto('/facilities');
    const row = portfolio.getByTestId(`facility-row-${facilityId}`);
    await row.getByRole('link', { name: title }).waitFor();
    await expect.poll(() => row.getByTestId('facility-in-balance').textContent()).toBe('In balance');
    expect(await row.getByTestId('facility-drawn').textContent()).toMatch(/^\$0 \(0\.0 %\)$/);
    await expectAccessible(portfolio);

    // The developer starts a draft from the facility page, claims $300,000 and submits it.
    const dev = developer.page;
    await dev.goto(`/facilities/${facilityId}`);
    await dev.getByRole('heading', { level: 1, name: title }).waitFor();
    await dev.getByTestId('cost-report-table').waitFor();
    await expectAccessible(dev);
    await dev.getByRole('button', { name: 'New draft draw' }).click();
    await dev.getByLabel('Claimed on C01 Construction').fill('300,000');
    await expect.poll(() => dev.getByTestId('claim-total').textContent()).toBe('Total claimed: $300,000');
    await expectAccessible(dev);
    await dev.getByRole('button', { name: 'Save draft' }).click();
    // The draft is saved and its page opens: the workspace again, now with documents and Submit.
    await expect.poll(() => pathOf(dev)).toMatch(DRAW_PATH);
    const drawPath = pathOf(dev);
    await dev.getByRole('heading', { level: 1, name: 'Draw 1' }).waitFor();
    await dev.getByText('Draft', { exact: true }).waitFor();
    expect(await dev.getByLabel('Claimed on C01 Construction').inputValue()).toBe('300000');
    await dev.getByRole('button', { name: 'Submit to the surveyor' }).click();
    await dev.getByText('Submitted', { exact: true }).first().waitFor();
    await expect.poll(() => dev.getByTestId('draw-summary').textContent()).toBe('Claimed $300,000');

    // The surveyor certifies $250,000, says why, and puts the work left at $800,000.
    const qs = surveyor.page;
    await qs.goto(drawPath);
    await qs.getByRole('heading', { level: 2, name: 'Certify this claim' }).waitFor();
    await expectAccessible(qs);
    await qs.getByLabel('Certified on C01 Construction').fill('250000');
    await qs.getByLabel('Cost to complete on C01 Construction').fill('800000');
    await qs.getByLabel('Reason on C01 Construction').fill('Frame to the rear terraces incomplete');
    await qs.getByLabel('Percent complete').fill('25');
    await qs.getByRole('button', { name: 'Certify', exact: true }).click();
    await qs.getByRole('heading', { level: 2, name: 'Claimed and certified' }).waitFor();
    const lines = qs.getByTestId('draw-lines');
    await lines.getByText('Frame to the rear terraces incomplete').waitFor();
    expect(await lines.getByRole('row', { name: /C01 Construction/ }).textContent()).toContain('−$50,000');

    // The funder's review: the loan is out of balance, in words, with the equity needed first.
    const shortfall = await call<InBalance>(
      funder.context,
      'GET',
      `/api/facilities/${facilityId}/in-balance`,
    );
    expect(shortfall.in_balance).toBe(false);
    expect(shortfall.shortfall_cents).toBeGreaterThan(0);
    const shortfallText = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' })
      .format(shortfall.shortfall_cents / 100)
      .replace(/\.00$/, '');
    const review = funder.page;
    await review.goto(drawPath);
    await review.getByRole('heading', { level: 2, name: 'Your decision' }).waitFor();
    const verdict = review.getByTestId('in-balance-verdict');
    await verdict.getByText('The loan is out of balance', { exact: true }).waitFor();
    expect(await verdict.textContent()).toContain(
      `The loan is out of balance by ${shortfallText}: equity of ${shortfallText} is needed first`,
    );
    expect(await review.getByTestId('review-shortfall').textContent()).toContain(shortfallText);
    expect(await review.getByRole('button', { name: 'Approve', exact: true }).isDisabled()).toBe(true);
    await review.getByTestId('sop-days-left').waitFor();
    await expectAccessible(review);
    // The portfolio, never reloaded, turned red.
    await expect
      .poll(() => row.getByTestId('facility-in-balance').textContent())
      .toBe(`Short ${shortfallText}`);

    // The developer pays in the equity that is short.
    await dev.goto(`/facilities/${facilityId}`);
    await dev.getByLabel('Equity received (AUD)').fill(String(shortfall.shortfall_cents / 100));
    await dev.getByRole('button', { name: 'Record equity' }).click();
    await dev.getByText('The loan is in balance', { exact: true }).waitFor();

    // The funder's open review follows without a reload: approve, then fund today.
    await verdict.getByText('The loan is in balance', { exact: true }).waitFor();
    await expect
      .poll(() => review.getByRole('button', { name: 'Approve', exact: true }).isDisabled())
      .toBe(false);
    await review.getByRole('button', { name: 'Approve', exact: true }).click();
    await review.getByRole('button', { name: 'Fund', exact: true }).waitFor();
    await expectAccessible(review);
    await review.getByRole('button', { name: 'Fund', exact: true }).click();
    await expect.poll(() => review.getByTestId('draw-summary').textContent()).toMatch(/funded/);
    expect(await review.getByTestId('draw-summary').textContent()).toContain('certified $250,000');

    // The portfolio shows the money drawn and the loan back in balance, still without a reload.
    await expect.poll(() => row.getByTestId('facility-drawn').textContent()).not.toMatch(/^\$0 /);
    await expect.poll(() => row.getByTestId('facility-in-balance').textContent()).toBe('In balance');
    const facility = await call<{ drawn_cents: number }>(
      funder.context,
      'GET',
      `/api/facilities/${facilityId}`,
    );
    expect(facility.drawn_cents).toBeGreaterThan(0);
    expect(await row.getByTestId('facility-drawn').textContent()).toContain(
      new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' })
        .format(facility.drawn_cents / 100)
        .replace(/\.00$/, ''),
    );
  }, 180_000);

  it('the demo: the active funder sees Brunswick Makers Yard with three funded draws and a fourth awaiting the surveyor', async () => {
    const { context, page } = await newPage();
    await signInViaApi(context, { email: 'funder.active@plinth.local', password: 'plinth-demo-2026' });
    await page.goto('/facilities');
    await page.getByRole('link', { name: 'Brunswick Makers Yard' }).click();
    await page.getByRole('heading', { level: 1, name: 'Brunswick Makers Yard' }).waitFor();
    const draws = page.getByRole('region', { name: 'Draws' });
    await draws.getByRole('link', { name: 'Draw 4' }).waitFor();
    expect(await draws.getByText('Funded', { exact: true }).count()).toBe(3);
    expect(await draws.getByText('Submitted', { exact: true }).count()).toBe(1);
    await page.getByTestId('drawn-summary').waitFor();
    await page.getByTestId('contingency-used').waitFor();
    await expectAccessible(page);
  });
});
