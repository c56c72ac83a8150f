import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { PASSWORD, signUpAndOnboard } from './support/accounts';
import { call } from './support/api';
import { expectAccessible, uniqueEmail, useBrowser } from './support/browser';
import { completedDeal, sydneyDay } from './support/facility-world';
import { pathOf } from './support/funders';

const { newPage } = useBrowser();

const FACILITY_PATH = /^\/facilities\/[0-9a-f-]{36}$/;

const badCsv = [
  'code,name,category,amount,funded_by',
  'C01,Construction,roofing,800000,debt',
  'P01,,professional_fees,abc,debt',
].join('\n');

/** A small real PDF (one empty page), as the deal room's journey uploads. */
const claimPdf = Buffer.from(
  "%PDF-1.7\n% Plinth draw fixture: builder's claim\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj\n3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>> endobj\ntrailer <</Root 1 0 R>>\n",
);

const goodCsv = [
  'code,name,category,amount,funded_by',
  'C01,Construction,construction,"$800,000",debt',
  'P01,Professional fees,professional_fees,50000,debt',
].join('\n');

describe('[FACILITY SET-UP] From a completed deal to an open facility, and the invited surveyor signs up', () => {
  it('the funder sets up the facility from the deal room, invites the surveyor, imports the budget by CSV (row errors first), approves it and opens the facility; the surveyor signs up from the invitation and sees it', async () => {
    const { title, projectId, dealId, funder } = await completedDeal(newPage, 'Setup');
    const page = funder.page;

    // The completed deal room's way in.
    await page.goto(`/project/${projectId}/deal/${dealId}`);
    await page.getByRole('link', { name: 'Loan facility' }).click();
    await page.getByRole('heading', { level: 1, name: 'Set up the facility' }).waitFor();
    await expectAccessible(page);
    // An empty field takes the accepted quote's figure, and says which.
    await expect.poll(() => page.getByLabel('Limit (AUD)').getAttribute('placeholder')).toBe('$1,000,000');
    expect(await page.getByLabel('Interest rate (% p.a.)').getAttribute('placeholder')).toBe('9 %');
    await page.getByLabel('Close date').fill(sydneyDay(-30));
    await page.getByLabel('Interest rate (% p.a.)').fill('nine');
    await page.getByRole('button', { name: 'Set up the facility' }).click();
    await page.getByText('Enter a rate in percent, for example 9.5').waitFor();
    await page.getByLabel('Interest rate (% p.a.)').fill('9.5');
    await page.getByRole('button', { name: 'Set up the facility' }).click();
    await expect.poll(() => pathOf(page)).toMatch(FACILITY_PATH);
    const facilityPath = pathOf(page);
    const facilityId = facilityPath.split('/').pop()!;
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Setting up' }).waitFor();
    expect(await page.getByText(/9\.50 % p\.a\./).count()).toBeGreaterThan(0);

    // Opening before the budget is approved: the server's refusal, in its words.
    await page.getByRole('button', { name: 'Open the facility' }).click();
    await page.getByRole('alert').filter({ hasText: 'The budget must be approved first' }).waitFor();

    // The quantity surveyor, invited by e-mail before they have an account.
    const surveyorEmail = uniqueEmail('qs');
    await page.getByLabel('E-mail address').fill(surveyorEmail);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    const parties = page.getByRole('region', { name: 'Parties' });
    await parties.getByRole('row', { name: new RegExp(surveyorEmail.replace(/[.+]/g, '\\$&')) }).waitFor();
    expect(await parties.getByText(/^Invited /).count()).toBe(1);
    // The same address twice is refused.
    await page.getByLabel('E-mail address').fill(surveyorEmail);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'This e-mail address is already invited to the facility' })
      .waitFor();

    // A CSV with mistakes: every row's problem at once, as the server names it.
    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles({ name: 'budget.csv', mimeType: 'text/csv', buffer: Buffer.from(badCsv) });
    const problems = page.getByRole('list', { name: 'Problems in the file' });
    await problems.waitFor();
    const items = await problems.getByRole('listitem').allTextContents();
    expect(items.some((t) => t.startsWith('Row 2:') && t.includes('category'))).toBe(true);
    expect(items.some((t) => t.startsWith('Row 3:') && t.includes('amount'))).toBe(true);
    expect(items.some((t) => t.startsWith('Row 3:') && t.includes('name'))).toBe(true);

    // The corrected file becomes the draft.
    await fileInput.setInputFiles({ name: 'budget.csv', mimeType: 'text/csv', buffer: Buffer.from(goodCsv) });
    const budget = page.getByRole('region', { name: 'Budget' });
    await budget.getByText(/^Draft budget, version \d+, awaiting approval$/).waitFor();
    expect(await problems.count()).toBe(0);
    const draftTable = budget.getByRole('table');
    expect(await draftTable.getByRole('row', { name: /C01 Construction/ }).textContent()).toContain(
      '$800,000',
    );
    expect(await draftTable.getByRole('row', { name: /^Total/ }).textContent()).toContain('$850,000');
    await expectAccessible(page);

    // Approved, then opened.
    await page.getByRole('button', { name: 'Approve the budget' }).click();
    await budget.getByText(/^Approved budget, version \d+, approved /).waitFor();
    await page.getByRole('button', { name: 'Open the facility' }).click();
    await page.getByText('Active', { exact: true }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Setting up' }).waitFor({ state: 'detached' });
    const opened = await call<{ status: string; interest_rate_bps: number; limit_cents: number }>(
      funder.context,
      'GET',
      `/api/facilities/${facilityId}`,
    );
    expect(opened).toMatchObject({ status: 'active', interest_rate_bps: 950, limit_cents: 100_000_000 });

    // The surveyor follows the invitation's link: the address is filled in, the short onboarding
    // asks only company, ABN and phone, and they land on their facilities.
    const qs = (await newPage()).page;
    await qs.goto(`/sign-up?role=surveyor&email=${encodeURIComponent(surveyorEmail)}`);
    await qs.getByRole('heading', { level: 1, name: 'Create your Plinth account' }).waitFor();
    expect(await qs.getByLabel('Email').inputValue()).toBe(surveyorEmail);
    await qs.getByLabel('Name').fill('Quinn Setup');
    await qs.getByLabel('Password').fill(PASSWORD);
    await qs.getByRole('button', { name: 'Create Account' }).click();
    await qs.getByRole('heading', { level: 2, name: 'Quantity surveyor' }).waitFor();
    expect(pathOf(qs)).toBe('/onboarding');
    await expectAccessible(qs);
    await qs.getByLabel('Company name').fill('Setup Quantity Surveyors');
    await qs.getByLabel('ABN').fill('12 3');
    await qs.getByLabel('Phone').fill('0298765432');
    await qs.getByRole('button', { name: 'Continue to my facilities' }).click();
    await qs.getByText('Invalid ABN format').waitFor();
    await qs.getByLabel('ABN').fill('51 824 753 556');
    await qs.getByRole('button', { name: 'Continue to my facilities' }).click();
    await expect.poll(() => pathOf(qs)).toBe('/facilities');
    await qs.getByRole('link', { name: title }).click();
    await qs.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(pathOf(qs)).toBe(facilityPath);

    // The funder's list of parties now names the surveyor, and no invitation is open.
    await page.reload();
    const surveyorRow = page
      .getByRole('region', { name: 'Parties' })
      .getByRole('row', { name: /Quantity surveyor/ });
    await surveyorRow.getByText('Quinn Setup (Setup Quantity Surveyors)').waitFor();
  }, 180_000);

  it('someone signing up without an invitation cannot take the surveyor role: the server says why', async () => {
    const { page } = await newPage();
    await page.goto(`/sign-up?role=surveyor&email=${encodeURIComponent(uniqueEmail('not-invited'))}`);
    await page.getByLabel('Name').fill('Nat Uninvited');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('heading', { level: 2, name: 'Quantity surveyor' }).waitFor();
    await page.getByLabel('Company name').fill('Nobody QS');
    await page.getByLabel('ABN').fill('51 824 753 556');
    await page.getByLabel('Phone').fill('0298765432');
    await page.getByRole('button', { name: 'Continue to my facilities' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Only a quantity surveyor invited to a facility can choose this role' })
      .waitFor();
    // Back to the two roles anyone may choose.
    await page.getByRole('button', { name: 'I was not invited as a surveyor' }).click();
    await page.getByRole('heading', { level: 2, name: 'How will you use Plinth?' }).waitFor();
  });

  it("the developer uploads the builder's claim to a draw; the facility's surveyor downloads it from the draw's page, stamped for them", async () => {
    const { dealId, developer, funder } = await completedDeal(newPage, 'Setup');
    const facility = await call<{ id: string }>(
      funder.context,
      'POST',
      `/api/deals/${dealId}/facility`,
      { close_date: sydneyDay(-30) },
      [201],
    );
    const surveyor = await newPage();
    const surveyorAccount = await signUpAndOnboard(surveyor.context, 'none', 'Quinn Reader');
    await call(
      funder.context,
      'POST',
      `/api/facilities/${facility.id}/parties`,
      { role: 'surveyor', email: surveyorAccount.email },
      [201],
    );
    await call(surveyor.context, 'POST', '/api/surveyor/onboarding', {
      company_name: 'Reader QS',
      abn: '51 824 753 556',
      phone: '0298765432',
    });
    await call(developer.context, 'PUT', `/api/facilities/${facility.id}/budget`, {
      lines: [
        {
          code: 'C01',
          name: 'Construction',
          category: 'construction',
          amount_cents: 80_000_000,
          funded_by: 'debt',
        },
      ],
    });
    await call(funder.context, 'POST', `/api/facilities/${facility.id}/budget/approve`);
    await call(funder.context, 'POST', `/api/facilities/${facility.id}/activate`);

    // The developer's draft, its claim attached in the workspace, then submitted.
    const dev = developer.page;
    await dev.goto(`/facilities/${facility.id}`);
    await dev.getByRole('button', { name: 'New draft draw' }).click();
    await dev.getByLabel('Claimed on C01 Construction').fill('100,000');
    await dev.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => pathOf(dev)).toMatch(/^\/draws\/[0-9a-f-]{36}$/);
    const drawPath = pathOf(dev);
    // Seen once under load (load average 28): the file chosen was lost and Attach stayed disabled.
    // The workspace is keyed on the draw's updated_at, so a later answer about the draw can mount it
    // afresh with no file; the file is chosen again until the workspace holding it stays.
    const attach = dev.getByRole('button', { name: 'Attach' });
    await expect
      .poll(async () => {
        if (await attach.isDisabled())
          await dev.locator('input[type="file"]').setInputFiles({
            name: 'claim-1.pdf',
            mimeType: 'application/pdf',
            buffer: claimPdf,
          });
        return attach.isEnabled();
      })
      .toBe(true);
    await attach.click();
    // The attached claim in the draw's documents ('Builder's claim: claim-1.pdf'), not the file
    // field still naming it (both matched /claim-1\.pdf$/: a strict-mode failure, now and then).
    await dev.getByText(/^[^:]+: claim-1\.pdf$/).waitFor();
    await dev.getByRole('button', { name: 'Submit to the surveyor' }).click();
    await dev.getByText('Submitted', { exact: true }).first().waitFor();

    // The surveyor, no party of the deal room, opens it through the draw.
    const qs = surveyor.page;
    await qs.goto(drawPath);
    const link = qs.getByRole('link', { name: 'claim-1.pdf' });
    await link.waitFor();
    const [download] = await Promise.all([qs.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('claim-1.pdf');
    const path = await download.path();
    const bytes = await readFile(path);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // A copy stamped for its reader, not the developer's original.
    expect(bytes.equals(claimPdf)).toBe(false);
    await expectAccessible(qs);
  }, 180_000);
});
