import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call } from './support/api';
import { baseURL, expectAccessible, useBrowser } from './support/browser';
import { JOURNEY_TIMEOUT_MS, openFacilityWorld, sydneyDay } from './support/facility-world';

const { newPage } = useBrowser();

const PHONE = 375;

type Variation = {
  id: string;
  status: string;
  consent_required: boolean | null;
  consent_reasons: { code: string; message: string }[];
};

/** A one-page PDF the upload's checks take (the draw journeys' fixture). */
const certificatePdf = Buffer.from(
  '%PDF-1.7\n% Plinth fixture: certificate of practical completion\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj\n3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>> endobj\ntrailer <</Root 1 0 R>>\n',
);

async function openTab(page: Page, facilityId: string, title: string, tab: string) {
  await page.goto(`/facilities/${facilityId}`);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.getByRole('tab', { name: tab }).click();
}

const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('[FACILITY SETTINGS] The funder sets the facility up after the close: settings, the certificate, default and cure', {
  timeout: JOURNEY_TIMEOUT_MS,
}, () => {
  it('on a phone, the funder lowers the consent threshold to $50,000; an $80,000 variation, under the old $100,000, then needs the lender for that reason alone', async () => {
    const world = await openFacilityWorld(newPage, 'Thresh');
    const { facilityId, title, developer, surveyor } = world;
    // The funder on a phone, 375 px wide.
    const funder = await newPage(PHONE);
    await funder.context.addCookies(await world.funder.context.cookies());
    const lender = funder.page;

    await openTab(lender, facilityId, title, 'Settings');
    const variationForm = lender.getByRole('form', { name: 'Variation settings' });
    await variationForm.getByLabel('Lender consent above (AUD)').fill('50,000');
    await variationForm.getByRole('button', { name: 'Save the variation settings' }).click();
    await lender
      .getByText('Lender consent is needed for a variation above $50,000.', { exact: true })
      .waitFor();
    expect(await scrollWidth(lender)).toBeLessThanOrEqual(PHONE);

    // Equity in hand, so the variation keeps the loan in balance: only the threshold can ask for the lender.
    await call(
      developer.context,
      'POST',
      `/api/facilities/${facilityId}/equity`,
      { amount_cents: 10_000_000, received_on: sydneyDay(-1) },
      [200, 201],
    );
    const budget = await call<{ approved: { lines: { id: string; code: string }[] } }>(
      developer.context,
      'GET',
      `/api/facilities/${facilityId}/budget`,
    );
    const proposed = await call<Variation>(
      developer.context,
      'POST',
      `/api/facilities/${facilityId}/variations`,
      {
        budget_line_id: budget.approved.lines.find((l) => l.code === 'C01')!.id,
        description: 'Acoustic glazing to the rail side',
        cost_cents: 8_000_000,
        days: 0,
        funding: 'equity',
      },
      [201],
    );
    await call(surveyor.context, 'POST', `/api/variations/${proposed.id}/events`, { type: 'assess' });
    const dev = developer.page;
    await openTab(dev, facilityId, title, 'Variations');
    await dev.getByRole('button', { name: 'Approve variation 1' }).click();
    await dev.getByTestId('variation-1').getByText('Lender consent needed', { exact: true }).waitFor();

    await openTab(lender, facilityId, title, 'Variations');
    await lender
      .getByRole('list', { name: 'Why variation 1 needs the lender' })
      .getByText("The cost of $80,000 is above the facility's consent threshold of $50,000", { exact: false })
      .waitFor();
    const after = await call<Variation>(developer.context, 'GET', `/api/variations/${proposed.id}`);
    expect(after).toMatchObject({ status: 'developer_approved', consent_required: true });
    expect(after.consent_reasons.map((r) => r.code)).toEqual(['above_threshold']);
  });

  it('on a phone, the funder sets an LVR covenant (the server refusing 250 % under the field first) and a presale threshold; the developer reads them and gets no form', async () => {
    const world = await openFacilityWorld(newPage, 'Covenant');
    const { facilityId, title, developer } = world;
    const funder = await newPage(PHONE);
    await funder.context.addCookies(await world.funder.context.cookies());
    const lender = funder.page;
    await openTab(lender, facilityId, title, 'Settings');

    const covenantForm = lender.getByRole('form', { name: 'Set the covenants' });
    await covenantForm.getByLabel('Loan to value (LVR)', { exact: true }).check();
    const lvr = covenantForm.getByLabel('Loan to value (LVR): At most (%)');
    await lvr.fill('250');
    await covenantForm.getByRole('button', { name: 'Save the covenants' }).click();
    await covenantForm.getByText('threshold of lvr must be between 1 and 20000 (bps)').waitFor();
    await lvr.fill('65');
    await covenantForm.getByRole('button', { name: 'Save the covenants' }).click();
    await lender.getByText('1 covenant set and tested.').waitFor();

    const presaleForm = lender.getByRole('form', { name: 'Presale thresholds' });
    await presaleForm.getByLabel('Minimum deposit (% of the price)').fill('7.5');
    await presaleForm.getByRole('button', { name: 'Save the presale thresholds' }).click();
    await lender.getByText('Presale thresholds saved').waitFor();
    expect(await scrollWidth(lender)).toBeLessThanOrEqual(PHONE);
    await expectAccessible(lender);

    const covenants = await call<{ covenants: { kind: string; threshold: number; cure_days: number }[] }>(
      world.funder.context,
      'GET',
      `/api/facilities/${facilityId}/covenants`,
    );
    expect(covenants.covenants.map((c) => [c.kind, c.threshold, c.cure_days])).toEqual([['lvr', 6500, 30]]);
    const presale = await call<{ min_deposit_bps: number }>(
      world.funder.context,
      'GET',
      `/api/facilities/${facilityId}/presale-settings`,
    );
    expect(presale.min_deposit_bps).toBe(750);

    // The developer sees the settings, and no form to change them.
    const dev = developer.page;
    await openTab(dev, facilityId, title, 'Settings');
    await dev
      .getByRole('list', { name: 'Covenants set' })
      .getByText(/^Loan to value \(LVR\):/)
      .waitFor();
    await dev
      .getByRole('list', { name: 'Presale thresholds in force' })
      .getByText('Minimum deposit: 7.5 % of the price')
      .waitFor();
    expect(await dev.getByRole('button', { name: /^Save/ }).count()).toBe(0);
  });

  it("the funder picks the certificate of practical completion from the deal's documents (one the developer attached to a draft draw) and records it", async () => {
    const { facilityId, title, developer, funder } = await openFacilityWorld(newPage, 'Certify');
    const budget = await call<{ approved: { lines: { id: string; code: string }[] } }>(
      developer.context,
      'GET',
      `/api/facilities/${facilityId}/budget`,
    );
    const draft = await call<{ id: string }>(
      developer.context,
      'POST',
      `/api/facilities/${facilityId}/draws`,
      {
        claim_served_at: new Date().toISOString(),
        lines: [{ budget_line_id: budget.approved.lines[0]!.id, claimed_cents: 100_000 }],
        note: 'Final claim with the certificate',
      },
      [201],
    );
    await upload(developer.context, draft.id, 'pc-certificate.pdf');

    const lender = funder.page;
    await openTab(lender, facilityId, title, 'Completion');
    await lender.getByText(/^Practical completion has not been recorded/).waitFor();
    // Without a certificate the form says what is missing and sends nothing.
    await lender.getByRole('button', { name: 'Record practical completion' }).click();
    await lender.getByText('Choose the certificate of practical completion').waitFor();
    const picker = lender.getByRole('textbox', { name: 'Certificate of practical completion' });
    await picker.click();
    await lender.getByRole('option', { name: /^pc-certificate\.pdf · Dev Certify/ }).click();
    await lender.getByLabel('Practical completion date').fill(sydneyDay(0));
    await lender.getByRole('button', { name: 'Record practical completion' }).click();
    await lender.getByText(/^Practical completion on /).waitFor();
    expect(await lender.getByText(/^Practical completion on /).textContent()).toContain(
      new Intl.DateTimeFormat('en-AU', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${sydneyDay(0)}T00:00:00Z`)),
    );
    await expectAccessible(lender);

    const documents = await call<{ items: { id: string; file_name: string }[] }>(
      funder.context,
      'GET',
      `/api/deals/${(await call<{ deal_id: string }>(funder.context, 'GET', `/api/facilities/${facilityId}`)).deal_id}/documents`,
    );
    const retention = await call<{ certificate_document_id: string; practical_completion_date: string }>(
      funder.context,
      'GET',
      `/api/facilities/${facilityId}/retention`,
    );
    expect(retention.certificate_document_id).toBe(
      documents.items.find((d) => d.file_name === 'pc-certificate.pdf')!.id,
    );
    expect(retention.practical_completion_date).toBe(sydneyDay(0));
  });

  it('the funder declares a default after a dialog that says the 4 % margin applies from today, the page shows In default at 13 %, then cures it; on a phone the dialog fits', async () => {
    const world = await openFacilityWorld(newPage, 'Default', { defaultMarginBps: 400 });
    const { facilityId, title } = world;
    const funder = await newPage(PHONE);
    await funder.context.addCookies(await world.funder.context.cookies());
    const lender = funder.page;
    await lender.goto(`/facilities/${facilityId}`);
    await lender.getByRole('heading', { level: 1, name: title }).waitFor();
    const dev = world.developer.page;
    await dev.goto(`/facilities/${facilityId}`);
    await dev.getByRole('heading', { level: 1, name: title }).waitFor();
    await dev.getByRole('link', { name: 'Ask BrokerAI about this facility' }).waitFor();
    expect(await dev.getByRole('button', { name: 'Declare a default' }).count()).toBe(0);

    await lender.getByRole('button', { name: 'Declare a default' }).click();
    const dialog = lender.getByRole('dialog', { name: 'Declare an event of default?' });
    await dialog
      .getByText(/The default margin of 4 % applies to interest from .*: 13 % p\.a\. instead of 9 %/)
      .waitFor();
    expect(await scrollWidth(lender)).toBeLessThanOrEqual(PHONE);
    await expectAccessible(lender);
    // A blank reason is refused before anything is sent.
    await dialog.getByRole('button', { name: 'Declare the default' }).click();
    await dialog.getByText('Give the reason').waitFor();
    await dialog.getByLabel('Reason').fill('Interest unpaid 30 days after the due date');
    await dialog.getByRole('button', { name: 'Declare the default' }).click();
    await dialog.waitFor({ state: 'detached' });
    await lender
      .getByTestId('facility-in-default')
      .getByText(/Interest accrues at 13 % p\.a\./)
      .waitFor();
    expect(
      (await call<{ status: string }>(world.funder.context, 'GET', `/api/facilities/${facilityId}`)).status,
    ).toBe('in_default');

    // Declaring again is the server's to refuse (409): the page offers only the cure now.
    expect(await lender.getByRole('button', { name: 'Declare a default' }).count()).toBe(0);
    const again = await world.funder.context.request.post(`/api/facilities/${facilityId}/default`, {
      headers: { origin: baseURL(), 'idempotency-key': crypto.randomUUID() },
      data: { reason: 'Again', declared_on: sydneyDay(0) },
    });
    expect(again.status()).toBe(409);

    await lender.getByRole('button', { name: 'Cure the default' }).click();
    const cure = lender.getByRole('dialog', { name: 'Cure the default?' });
    await cure.getByText(/Interest is at the base rate of 9 % p\.a\. again from/).waitFor();
    await cure.getByLabel('Reason').fill('Arrears paid in full');
    await cure.getByRole('button', { name: 'Cure the default' }).click();
    await cure.waitFor({ state: 'detached' });
    await lender.getByRole('button', { name: 'Declare a default' }).waitFor();
    expect(await lender.getByTestId('facility-in-default').count()).toBe(0);
    expect(
      (await call<{ status: string }>(world.funder.context, 'GET', `/api/facilities/${facilityId}`)).status,
    ).toBe('active');
  });
});

/** The developer's upload of a file to a draft draw (multipart), kept with the deal's documents. */
async function upload(context: BrowserContext, drawId: string, name: string) {
  const res = await context.request.post(`/api/draws/${drawId}/documents/upload`, {
    headers: { origin: baseURL(), 'idempotency-key': crypto.randomUUID() },
    multipart: {
      documents: { name, mimeType: 'application/pdf', buffer: certificatePdf },
      kind: 'other',
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}
