import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpAndOnboard } from './support/accounts';
import { call } from './support/api';
import { baseURL, expectAccessible, useBrowser } from './support/browser';
import { approveProjectViaApi, openAdminTab, signInAdminViaApi } from './support/funders';
import { createProjectUnderReview, createProjectViaApi, uniqueTitle } from './support/projects';

const { newPage } = useBrowser();

const notice = (page: Page, title: string) => page.getByText(title, { exact: true }).first();

/** Puts a setting back as it was, for the rest of the run. */
async function restore(context: BrowserContext, key: string, value: string) {
  const res = await context.request.put(`/api/admin/system-settings/${key}`, {
    data: { value },
    headers: { origin: baseURL() },
  });
  expect(res.status()).toBe(200);
}

describe('[ISSUE 37] Admin Settings as a form (item 5)', () => {
  it('every setting is a labelled control of its kind, in words, with the server’s messages; no JSON or keys on screen', async () => {
    const { context, page } = await newPage();
    await signInAdminViaApi(context);
    await openAdminTab(page, 'Settings');
    const stored = (
      await call<{ items: { key: string; value: string }[] }>(context, 'GET', '/api/admin/system-settings')
    ).items;
    const original = (key: string) => stored.find((s) => s.key === key)?.value ?? '';

    // Prices are money inputs, the listings floor a number input, each named in words.
    const fee = page.getByRole('textbox', { name: 'Listing fee' });
    await fee.waitFor({ timeout: 20_000 });
    expect(await fee.inputValue()).toBe('$499');
    expect(await page.getByRole('textbox', { name: 'Subscription price a month' }).inputValue()).toBe('$299');
    const floor = page.getByRole('textbox', { name: 'Fewest listings behind an average return' });
    expect(await floor.inputValue()).toMatch(/^\d+$/);
    // No key, no JSON, no multi-line text box for a single value anywhere in the tab.
    const tab = page.getByRole('tabpanel', { name: 'Settings' });
    const text = (await tab.textContent()) ?? '';
    expect(text).not.toMatch(/JSON|listing_fee_aud|subscription_price_aud|marketplace_average_min_listings/);
    expect(text).not.toMatch(/required_documents?|required_document_descriptions/);

    // A price not in whole dollars is refused on the field with the spec's message; nothing is sent.
    const feeRow = page.locator('.mantine-Paper-root', { has: fee });
    await fee.fill('499.50');
    await feeRow.getByRole('button', { name: 'Save' }).click();
    await feeRow.getByText('A price must be a whole number of dollars from $1 to $100,000').waitFor();
    expect(original('listing_fee_aud')).toBe('499');
    const floorRow = page.locator('.mantine-Paper-root', { has: floor });
    await floor.fill('101');
    await floorRow.getByRole('button', { name: 'Save' }).click();
    await floorRow.getByText(/^The minimum must be a whole number from \d+ to 100$/).waitFor();

    try {
      // A whole-dollar fee is saved, and it is what a visitor and a developer are shown.
      await fee.fill('650');
      await feeRow.getByRole('button', { name: 'Save' }).click();
      await notice(page, 'Setting Updated').waitFor();
      await page.getByText('Listing fee saved').first().waitFor();
      const visitor = await newPage();
      await visitor.page.goto('/');
      await visitor.page.getByText('$650 per project listing').waitFor();

      // Required documents: a list by name; an empty list is refused; one added by name is saved as its key.
      const docs = page.getByRole('region', { name: 'Required documents' });
      const names = await docs.getByRole('listitem').allInnerTexts();
      expect(names.length).toBeGreaterThan(0);
      expect(names.join(' ')).not.toMatch(/_/);
      await docs.getByRole('textbox', { name: 'Add a document' }).fill(names[0]!.trim());
      await docs.getByRole('button', { name: 'Add', exact: true }).click();
      await docs.getByText('A document type is listed twice').waitFor();
      for (const name of names) await docs.getByRole('button', { name: `Remove ${name.trim()}` }).click();
      await docs.getByRole('button', { name: 'Save' }).click();
      await docs.getByText('At least one document must be required').waitFor();
      for (const name of names) {
        await docs.getByRole('textbox', { name: 'Add a document' }).fill(name.trim());
        await docs.getByRole('button', { name: 'Add', exact: true }).click();
      }
      await docs.getByRole('textbox', { name: 'Add a document' }).fill('Site Survey');
      await docs.getByRole('button', { name: 'Add', exact: true }).click();
      await docs.getByRole('button', { name: 'Save' }).click();
      await notice(page, 'Setting Updated').waitFor();
      await expect
        .poll(async () =>
          JSON.parse(
            (await call<{ value: string }>(context, 'GET', '/api/admin/system-settings/required_documents'))
              .value,
          ),
        )
        .toEqual([...JSON.parse(original('required_documents')), 'site_survey']);

      // Descriptions: a form per document, named in words; its description is what the developer reads.
      const described = page.getByRole('region', { name: 'Document descriptions' });
      const first = described.getByRole('group', { name: names[0]!.trim(), exact: true });
      const docName = await first.getByRole('textbox', { name: 'Document' }).inputValue();
      expect(docName).not.toMatch(/_/);
      await first.getByRole('textbox', { name: 'Description' }).fill('Described in the form (issue 37 e2e)');
      await described.getByRole('button', { name: 'Save' }).click();
      await notice(page, 'Setting Updated').waitFor();
      await expectAccessible(page);

      const developer = await newPage();
      await signUpAndOnboard(developer.context, 'borrower', 'Sid Settings');
      const id = await createProjectViaApi(developer.context, uniqueTitle('Settings Seen'));
      await developer.page.goto(`/project/${id}`);
      await developer.page
        .getByRole('button', { name: 'Pay to Publish ($650)' })
        .waitFor({ timeout: 20_000 });
      await developer.page.goto(`/project/${id}/edit`);
      for (let step = 0; step < 3; step++) {
        const next = developer.page.getByRole('button', { name: 'Next', exact: true });
        await next.waitFor({ timeout: 20_000 });
        await next.click();
      }
      await developer.page.getByText('Described in the form (issue 37 e2e)').waitFor();
    } finally {
      for (const key of ['listing_fee_aud', 'required_documents', 'required_document_descriptions'])
        await restore(context, key, original(key));
    }
  });
});

describe('[ISSUE 37] God Mode Revoke Access picks the funder and the project (item 6)', () => {
  it('the admin chooses a funder with access and their project; no id is typed; the funder loses access', async () => {
    const dev = await newPage();
    await signUpAndOnboard(dev.context, 'borrower', 'Gus Granted');
    const title = uniqueTitle('God Revoke');
    const projectId = await createProjectUnderReview(dev.context, title);
    const admin = await newPage();
    await signInAdminViaApi(admin.context);
    await approveProjectViaApi(admin.context, projectId);
    const fun = await newPage();
    await signUpAndOnboard(fun.context, 'funder', 'Rita Revokee');
    const me = await call<{ id: string }>(fun.context, 'GET', '/api/auth/me');
    await call(admin.context, 'POST', `/api/admin/force-approve-funder/${me.id}`, {
      reason: 'Verified (e2e)',
    });
    const access = await call<{ id: string }>(
      fun.context,
      'POST',
      '/api/access-requests',
      {
        project_id: projectId,
        initial_message: 'Keen to look.',
        undertaking: { accepted: true, full_name: 'Rita Revokee' },
      },
      [201],
    );
    await call(dev.context, 'PUT', `/api/access-requests/${access.id}/approve`, {});

    // Anyone but an admin is refused the list of choices.
    expect((await fun.context.request.get('/api/admin/granted-access')).status()).toBe(403);
    expect((await dev.context.request.get('/api/admin/granted-access')).status()).toBe(403);

    const { page } = admin;
    await page.goto('/admin?tab=god-mode');
    await page.getByRole('heading', { level: 2, name: 'God Mode' }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Revoke Access' }).click();
    const picker = page.getByRole('dialog', { name: 'Revoke Access' });
    await picker.waitFor();
    expect(await picker.getByText(/access request id/i).count()).toBe(0);
    await picker.getByRole('button', { name: 'Next' }).click();
    await picker.getByText('Choose a funder').waitFor();

    // Searchable: typing part of the name finds the funder, then their project.
    const funder = picker.getByRole('textbox', { name: 'Funder' });
    await funder.fill('Rita Rev');
    await page
      .getByRole('option', { name: /^Rita Revokee/ })
      .first()
      .click();
    const project = picker.getByRole('textbox', { name: 'Project' });
    await project.fill('God Revoke');
    await page.getByRole('option', { name: new RegExp(title) }).click();
    await picker.getByRole('button', { name: 'Next' }).click();

    const dialog = page.getByRole('dialog', { name: 'Admin Override Confirmation' });
    await dialog.waitFor();
    await dialog.getByText(`Rita Revokee · ${title}`).waitFor();
    await dialog.getByLabel(/^Reason/).fill('Breach of the undertaking (e2e)');
    await dialog.getByRole('button', { name: 'Execute Override' }).click();
    await notice(page, 'Access Revoked').waitFor();

    const mine = await call<{ items: { id: string; status: string }[] }>(
      fun.context,
      'GET',
      '/api/access-requests',
    );
    expect(mine.items.find((r) => r.id === access.id)?.status).toBe('revoked');
    expect((await fun.context.request.get(`/api/projects/${projectId}`)).status()).toBe(404);
  });
});
