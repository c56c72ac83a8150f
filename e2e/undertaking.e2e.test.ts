import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { signUpAndOnboard, type TestAccount } from './support/accounts';
import { call } from './support/api';
import { expectAccessible, useBrowser } from './support/browser';
import { approveProjectViaApi, settleAnimations, signInAdminViaApi, signInViaApi } from './support/funders';
import { createProjectUnderReview, uniqueTitle } from './support/projects';

const { newPage } = useBrowser();

// One journey in order: each step leaves what the next one needs here.
const journey: {
  developer?: TestAccount;
  funder?: TestAccount;
  projectId?: string;
  title?: string;
  accessRequestId?: string;
} = {};

describe('[UNDERTAKING] a funder signs the confidentiality undertaking with their request; the developer sees it and downloads it', () => {
  it('the funder reads the undertaking in the request modal, is told to tick I accept and type a name, signs and sends', async () => {
    const developer = await newPage();
    journey.developer = await signUpAndOnboard(developer.context, 'borrower', 'Dana Developer');
    const title = uniqueTitle('Undertaking Terraces');
    const projectId = await createProjectUnderReview(developer.context, title);
    const admin = await newPage();
    await signInAdminViaApi(admin.context);
    await approveProjectViaApi(admin.context, projectId);
    Object.assign(journey, { title, projectId });

    const { context, page } = await newPage();
    journey.funder = await signUpAndOnboard(context, 'funder', 'Fiona Funder');
    const me = await call<{ id: string }>(context, 'GET', '/api/auth/me');
    await call(admin.context, 'POST', `/api/admin/force-approve-funder/${me.id}`, {
      reason: 'Verified for the undertaking journey',
    });

    await page.goto('/projects');
    await page.getByRole('searchbox', { name: 'Search' }).fill(title.split(' ').at(-1)!);
    await page.getByText('1 project found', { exact: true }).waitFor();
    await page.getByRole('article').getByRole('button', { name: 'View Preview' }).click();
    const preview = page.getByRole('dialog', { name: 'Project Preview' });
    await preview.getByRole('button', { name: 'Request Full Access' }).click();

    // The whole text, in a region of its own that scrolls.
    const text = preview.getByRole('region', { name: /^Confidentiality undertaking \(version \d+\)$/ });
    await text.waitFor();
    expect(await text.textContent()).toContain('CONFIDENTIALITY UNDERTAKING');
    await settleAnimations(page);
    await expectAccessible(page);

    // Send without signing: the domain's words, and nothing is sent.
    await preview.getByLabel('Introduction (optional)').fill('We fund mid-rise residential in Sydney.');
    await preview.getByRole('button', { name: 'Send Request' }).click();
    await preview
      .getByText("Tick 'I accept' to sign the confidentiality undertaking", { exact: true })
      .waitFor();
    await preview.getByText('Type your full name to sign the undertaking', { exact: true }).waitFor();
    const none = await call<{ items: unknown[] }>(context, 'GET', '/api/access-requests');
    expect(none.items).toEqual([]);

    await preview.getByLabel('I accept the confidentiality undertaking').check();
    await preview.getByLabel('Full name').fill('Fiona Q. Funder');
    await preview.getByRole('button', { name: 'Send Request' }).click();
    await page.getByText('Access Request Sent', { exact: true }).waitFor();
    await preview.waitFor({ state: 'hidden' });

    const mine = await call<{ items: { id: string; undertaking: { full_name: string } | null }[] }>(
      context,
      'GET',
      '/api/access-requests',
    );
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]!.undertaking?.full_name).toBe('Fiona Q. Funder');
    journey.accessRequestId = mine.items[0]!.id;
  });

  it('the developer sees "Undertaking accepted by" on the request and in the deal room, and downloads the signed PDF', async () => {
    const { page, context } = await newPage();
    await signInViaApi(context, journey.developer!);
    await page.goto('/access-requests');
    const card = page.getByRole('article', { name: 'Fiona Funder' });
    await card
      .getByText(
        /^Undertaking accepted by Fiona Q\. Funder, Southern Cross Capital, \d{1,2} [A-Z][a-z]{2} \d{4}, /,
      )
      .waitFor();
    await expectAccessible(page);

    const download = page.waitForEvent('download');
    await card.getByRole('link', { name: 'Download undertaking (PDF)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(
      /^Confidentiality undertaking Fiona Q\. Funder \d{4}-\d{2}-\d{2}\.pdf$/,
    );
    const bytes = readFileSync((await file.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(2000);

    // Granted and engaged, the room shows the signature to the developer too.
    await call(context, 'PUT', `/api/access-requests/${journey.accessRequestId}/approve`);
    const funder = await newPage();
    await signInViaApi(funder.context, journey.funder!);
    const deal = await call<{ deal_id: string }>(
      funder.context,
      'POST',
      '/api/deals',
      { project_id: journey.projectId, access_request_id: journey.accessRequestId },
      [200, 201],
    );
    await page.goto(`/project/${journey.projectId}/deal/${deal.deal_id}`);
    await page.getByRole('heading', { level: 1, name: journey.title }).waitFor();
    await page.getByText(/^Undertaking accepted by Fiona Q\. Funder, Southern Cross Capital, /).waitFor();
    await page.getByRole('link', { name: 'Download undertaking (PDF)' }).waitFor();
    // The funder, who signed, is not asked again.
    await funder.page.goto(`/project/${journey.projectId}/deal/${deal.deal_id}`);
    await funder.page.getByRole('heading', { level: 1, name: journey.title }).waitFor();
    expect(await funder.page.getByText('Confidentiality undertaking required').count()).toBe(0);
  });
});
