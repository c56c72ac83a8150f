import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call } from './support/api';
import { expectAccessible, useBrowser } from './support/browser';
import {
  addDays,
  addMonths,
  JOURNEY_TIMEOUT_MS,
  openFacilityWorld,
  sydneyDay,
} from './support/facility-world';
import { pagesText } from './support/pdf';

const { newPage } = useBrowser();

type Variation = { id: string; status: string; consent_required: boolean | null };

async function openTab(page: Page, facilityId: string, title: string, tab: string) {
  await page.goto(`/facilities/${facilityId}`);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.getByRole('tab', { name: tab }).click();
}

describe('[FACILITY LIFE] After the close: variations, presales and settlement to repayment', {
  timeout: JOURNEY_TIMEOUT_MS,
}, () => {
  it('a variation over the threshold needs the lender: the developer proposes $150,000, the surveyor assesses, the developer approves, the page says lender consent is needed and why, the funder consents and it is incorporated', async () => {
    const { facilityId, title, developer, funder, surveyor } = await openFacilityWorld(newPage, 'Vary');

    const dev = developer.page;
    await openTab(dev, facilityId, title, 'Variations');
    await dev.getByText('No variations yet.').waitFor();
    await dev.getByLabel('Budget line').selectOption({ label: 'C01 Construction' });
    await dev.getByLabel('Description').fill('Upgraded facade to face brick');
    await dev.getByLabel('Cost (AUD)').fill('150,000');
    await dev.getByLabel('Days added').fill('0');
    // From contingency first: this budget has none, and the server says so in its words.
    await dev.getByLabel('Funded by').selectOption('contingency');
    await dev.getByRole('button', { name: 'Propose the variation' }).click();
    await dev.getByRole('alert').filter({ hasText: 'Contingency has only $0 left' }).waitFor();
    await dev.getByLabel('Funded by').selectOption('equity');
    await dev.getByRole('button', { name: 'Propose the variation' }).click();
    const devRow = dev.getByTestId('variation-1');
    await devRow.getByText('Proposed', { exact: true }).waitFor();
    expect(await devRow.textContent()).toContain('$150,000');
    await expectAccessible(dev);

    const qs = surveyor.page;
    await openTab(qs, facilityId, title, 'Variations');
    await qs.getByRole('button', { name: 'Assess variation 1' }).click();
    await qs.getByRole('button', { name: 'Save the assessment' }).click();
    await qs.getByTestId('variation-1').getByText('Assessed', { exact: true }).waitFor();

    await openTab(dev, facilityId, title, 'Variations');
    await dev.getByRole('button', { name: 'Approve variation 1' }).click();
    await devRow.getByText('Lender consent needed', { exact: true }).waitFor();
    const why = dev.getByRole('list', { name: 'Why variation 1 needs the lender' });
    await why
      .getByText("The cost of $150,000 is above the facility's consent threshold of $100,000", {
        exact: false,
      })
      .waitFor();

    const lender = funder.page;
    await openTab(lender, facilityId, title, 'Variations');
    await lender.getByTestId('variation-1').getByText('Lender consent needed', { exact: true }).waitFor();
    await expectAccessible(lender);
    await lender.getByRole('button', { name: 'Consent to variation 1' }).click();
    await lender.getByTestId('variation-1').getByText('Incorporated', { exact: true }).waitFor();
    await expectAccessible(lender);

    // The funder's other panels of an open facility read and offer their forms.
    await lender.getByRole('tab', { name: 'Completion' }).click();
    await lender.getByText(/^Practical completion has not been recorded/).waitFor();
    await lender.getByRole('button', { name: 'Record practical completion' }).waitFor();
    await expectAccessible(lender);
    await lender.getByRole('tab', { name: 'Covenants and reports' }).click();
    await lender.getByText('No covenants are set for this facility.').waitFor();
    await lender.getByLabel('Valuer').fill('Metro Valuers');
    await lender.getByLabel('Value (AUD)').fill('1,400,000');
    await lender.getByRole('button', { name: 'Record the valuation' }).click();
    await lender.getByText(/^Latest valuation: \$1,400,000 by Metro Valuers/).waitFor();
    await expectAccessible(lender);

    const after = await call<Variation>(
      funder.context,
      'GET',
      `/api/variations/${await variationId(funder, facilityId)}`,
    );
    expect(after).toMatchObject({ status: 'incorporated', consent_required: true });
  });

  it('a delay turns the sunset warning on: a presale whose sunset is 10 days beyond the required buffer, then a variation adding 30 days', async () => {
    const { facilityId, title, completionDate, developer, funder, surveyor } = await openFacilityWorld(
      newPage,
      'Sunset',
    );
    const sunset = addDays(addMonths(completionDate, 6), 10);

    const dev = developer.page;
    await openTab(dev, facilityId, title, 'Presales');
    await dev.getByText('No presales on the register yet.').waitFor();
    await dev.getByLabel('Lot', { exact: true }).fill('7');
    await dev.getByLabel('Purchaser').fill('Ada Buyer');
    await dev.getByLabel('Price ex GST (AUD)').fill('650000');
    await dev.getByLabel('Deposit (AUD)').fill('65000');
    await dev.getByLabel('Exchanged on').fill(sydneyDay(-10));
    await dev.getByLabel('Sunset date').fill(sunset);
    await dev.getByRole('button', { name: 'Add the presale' }).click();
    await dev.getByTestId('presale-7').waitFor();
    await dev
      .getByTestId('presale-cover-figure')
      .getByText(/Cover 65\.0 %/)
      .waitFor();
    expect(await dev.getByTestId('sunset-warning').count()).toBe(0);

    // A sale to a related party is on the register but not counted, with the reason in words.
    await dev.getByLabel('Lot', { exact: true }).fill('8');
    await dev.getByLabel('Purchaser').fill('Dev Sunset Family Trust');
    await dev.getByLabel('Price ex GST (AUD)').fill('500000');
    await dev.getByLabel('Deposit (AUD)').fill('50000');
    await dev.getByLabel('Exchanged on').fill(sydneyDay(-5));
    await dev.getByLabel('Sunset date').fill(addMonths(completionDate, 12));
    await dev.getByLabel('Related party').check();
    await dev.getByRole('button', { name: 'Add the presale' }).click();
    await dev
      .getByRole('list', { name: 'Presales not counted' })
      .getByText(/^Lot 8 .*The purchaser is a related party/)
      .waitFor();
    expect(await dev.getByTestId('presale-cover-figure').textContent()).toContain('Cover 65.0 %');
    await expectAccessible(dev);

    // A variation of 30 days, through its machine (the first journey drives it on the page).
    const v = await call<Variation>(
      developer.context,
      'POST',
      `/api/facilities/${facilityId}/variations`,
      {
        budget_line_id: await lineId(developer, facilityId, 'C01'),
        description: 'Wet weather',
        cost_cents: 0,
        days: 30,
        funding: 'equity',
      },
      [201],
    );
    await call(surveyor.context, 'POST', `/api/variations/${v.id}/events`, { type: 'assess' });
    const approved = await call<Variation>(developer.context, 'POST', `/api/variations/${v.id}/events`, {
      type: 'approve',
    });
    if (approved.status === 'developer_approved')
      await call(funder.context, 'POST', `/api/variations/${v.id}/events`, { type: 'lender_approve' });

    await openTab(dev, facilityId, title, 'Presales');
    const warning = dev.getByTestId('sunset-warning');
    await warning.getByText('Sunset warning: lot 7').waitFor();
    expect(await warning.textContent()).toContain(sunset);
  });

  it('settlements take the facility to repaid with a closing statement: the funder records one that leaves the capitalised fee partly owed, then another that repays it; the page shows Repaid, the third lot is released and the closing statement downloads as a PDF', async () => {
    const { facilityId, title, completionDate, developer, funder } = await openFacilityWorld(
      newPage,
      'Settle',
      {
        establishmentFeeCents: 2_000_000,
      },
    );
    for (const lot of ['1', '2', '3'])
      await call(
        developer.context,
        'POST',
        `/api/facilities/${facilityId}/presales`,
        {
          lot,
          purchaser_name: `Buyer ${lot}`,
          price_ex_gst_cents: 60_000_000,
          deposit_cents: 6_000_000,
          deposit_form: 'cash',
          bond_expiry: null,
          related_party: false,
          exchanged_on: sydneyDay(-10),
          sunset_on: addMonths(completionDate, 12),
        },
        [201],
      );

    const lender = funder.page;
    const settle = async (lot: string, gross: string) => {
      await lender.getByRole('button', { name: `Settle lot ${lot}` }).click();
      const form = lender.getByRole('form', { name: `Settle lot ${lot}` });
      await form.getByLabel('Settled on').fill(sydneyDay(0));
      await form.getByLabel('Gross proceeds (AUD)').fill(gross);
      await form.getByLabel('Selling costs (AUD)').fill('1,000');
      await form.getByRole('button', { name: 'Record the settlement' }).click();
      await lender.getByTestId(`presale-${lot}`).getByText('Settled', { exact: true }).waitFor();
    };

    // $20,000 of establishment fee was capitalised at the close, with a month's interest on it:
    // $11,000 net leaves part of it owed, and the facility stays active.
    await openTab(lender, facilityId, title, 'Presales');
    await settle('1', '12,000');
    const first = await call<{ items: { lot: string; owed_after_cents: number; repaid: boolean }[] }>(
      funder.context,
      'GET',
      `/api/facilities/${facilityId}/settlements`,
    );
    expect(first.items).toHaveLength(1);
    expect(first.items[0]).toMatchObject({ lot: '1', repaid: false });
    expect(first.items[0]!.owed_after_cents).toBeGreaterThan(0);
    expect(await lender.getByTestId('facility-repaid').count()).toBe(0);

    await settle('2', '660,000');
    const repaid = lender.getByTestId('facility-repaid');
    await repaid.waitFor();
    await lender.getByText('Repaid', { exact: true }).first().waitFor();
    await lender.getByRole('tab', { name: 'Presales' }).click();
    await lender.getByTestId('presale-3').getByText('Released', { exact: true }).waitFor();
    expect(await lender.getByTestId('presale-2').textContent()).toContain('surplus to the developer');
    await expectAccessible(lender);

    const link = repaid.getByRole('link', { name: 'Download the closing statement (PDF)' });
    const href = await link.getAttribute('href');
    expect(href).toBe(`/api/facilities/${facilityId}/closing-statement.pdf`);
    const res = await funder.context.request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/pdf');
    const text = (await pagesText(await res.body())).join(' ');
    expect(text).toContain('Closing statement');

    const facility = await call<{ status: string }>(funder.context, 'GET', `/api/facilities/${facilityId}`);
    expect(facility.status).toBe('repaid');
  });
});

async function variationId(party: { context: import('playwright-core').BrowserContext }, facilityId: string) {
  const list = await call<{ items: { id: string }[] }>(
    party.context,
    'GET',
    `/api/facilities/${facilityId}/variations`,
  );
  return list.items[0]!.id;
}

async function lineId(
  party: { context: import('playwright-core').BrowserContext },
  facilityId: string,
  code: string,
) {
  const budget = await call<{ approved: { lines: { id: string; code: string }[] } }>(
    party.context,
    'GET',
    `/api/facilities/${facilityId}/budget`,
  );
  return budget.approved.lines.find((l) => l.code === code)!.id;
}
