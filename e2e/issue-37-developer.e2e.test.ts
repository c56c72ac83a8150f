import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpAndOnboard } from './support/accounts';
import { call } from './support/api';
import { useBrowser } from './support/browser';
import { approveProjectViaApi, openAdminTab, signInAdminViaApi } from './support/funders';
import { payViaApi, projectFields, uniqueTitle, uploadDocumentsViaApi } from './support/projects';

const { newPage } = useBrowser();

const notice = (page: Page, title: string) => page.getByText(title, { exact: true }).first();

/** A day `days` after today in Sydney, YYYY-MM-DD (what the date input takes). */
const sydneyDay = (days: number) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

describe('[ISSUE 37] the developer decides from Messages; one revenue figure named by its basis', () => {
  it("approving from Messages asks 'Access until' and shows the undertaking, then says so; declining asks first; the room names GDC and GRV ex GST and explains the gap", async () => {
    const dev = await newPage();
    await signUpAndOnboard(dev.context, 'borrower', 'Della Decides');
    const title = uniqueTitle('Messages Approve');
    // GDC $4,700,000 entered; cost $4,000,000 + profit $500,000 = GRV ex GST $4,500,000.
    const { id: projectId } = await call<{ id: string }>(
      dev.context,
      'POST',
      '/api/projects',
      { ...projectFields(title), expected_gdc: 4_700_000, expected_profit: 500_000 },
      [201],
    );
    await uploadDocumentsViaApi(dev.context, projectId);
    await payViaApi(dev.context, projectId);
    const admin = await newPage();
    await signInAdminViaApi(admin.context);
    await approveProjectViaApi(admin.context, projectId);

    const funders = [] as { context: typeof dev.context; id: string; name: string; request: string }[];
    for (const name of ['Mona Messages', 'Dex Declined']) {
      const fun = await newPage();
      await signUpAndOnboard(fun.context, 'funder', name);
      const me = await call<{ id: string }>(fun.context, 'GET', '/api/auth/me');
      await call(admin.context, 'POST', `/api/admin/force-approve-funder/${me.id}`, {
        reason: 'Verified (e2e)',
      });
      const request = await call<{ id: string }>(
        fun.context,
        'POST',
        '/api/access-requests',
        {
          project_id: projectId,
          initial_message: `Hello from ${name}.`,
          undertaking: { accepted: true, full_name: name },
        },
        [201],
      );
      funders.push({ context: fun.context, id: me.id, name, request: request.id });
    }

    const { page } = dev;
    await page.goto('/messages');
    await page.getByRole('button', { name: 'Mona Messages', exact: true }).click();
    const chat = page.getByRole('region', { name: 'Chat' });
    await chat.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve access?' });
    await dialog.waitFor();
    // The undertaking the funder signed, and the optional end of access, as on /access-requests.
    await dialog.getByText(/^Undertaking accepted by Mona Messages/).waitFor();
    await dialog.getByLabel('Access until (optional)').fill(sydneyDay(30));
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await notice(page, 'Access Approved').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const mine = await call<{ items: { id: string; status: string; access_until: string | null }[] }>(
      funders[0]!.context,
      'GET',
      '/api/access-requests',
    );
    const approved = mine.items.find((r) => r.id === funders[0]!.request);
    expect(approved?.status).toBe('approved');
    expect(approved?.access_until).not.toBeNull();

    // Decline asks first: Cancel sends nothing.
    await page.getByRole('button', { name: 'Dex Declined', exact: true }).click();
    await chat.getByRole('button', { name: 'Decline', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Decline this request?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    const still = await call<{ items: { id: string; status: string }[] }>(
      funders[1]!.context,
      'GET',
      '/api/access-requests',
    );
    expect(still.items.find((r) => r.id === funders[1]!.request)?.status).toBe('pending');

    // The deal room's Overview: both revenue figures, each named by its basis, and why they differ.
    const deal = await call<{ deal_id: string }>(
      funders[0]!.context,
      'POST',
      '/api/deals',
      { project_id: projectId, access_request_id: funders[0]!.request },
      [201],
    );
    await page.goto(`/deals/${deal.deal_id}`);
    await page.getByText('Revenue (GRV ex GST)', { exact: true }).waitFor({ timeout: 20_000 });
    await page.getByText('GDC (as entered)', { exact: true }).waitFor();
    expect(await page.getByText('GDC', { exact: true }).count()).toBe(0);
    const note = page.getByTestId('revenue-basis');
    await note.waitFor();
    expect(await note.textContent()).toBe(
      "Feasibility and BrokerAI use revenue of $4,500,000: GRV ex GST, worked as total cost $4,000,000 + expected profit $500,000. The developer's GDC of $4,700,000 is $200,000 more; the listing does not break that down (a GDC often includes GST and selling costs).",
    );
  });
});

describe('[ISSUE 37] Admin Users: an active developer is not waiting for approval', () => {
  it('an onboarded developer (as the demo one: never approved, working fully) reads Approved, with no Approve button', async () => {
    const dev = await newPage();
    const account = await signUpAndOnboard(dev.context, 'borrower', 'Ulla Users');
    const { context, page } = await newPage();
    await signInAdminViaApi(context);
    await openAdminTab(page, 'Users');
    // The newest user: on the first page.
    const row = page.getByRole('row', { name: new RegExp(account.email.replace(/[.+]/g, '\\$&')) });
    await row.waitFor({ timeout: 20_000 });
    await row.getByText('Approved', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await page.getByText('Pending Approval', { exact: true }).click();
    // The filtered list replaces the whole one: wait for the developer's row to go (the list of
    // everyone stays on screen until the filtered answer arrives, so reading it at once raced it),
    // then for the filtered list itself, and read again.
    await row.waitFor({ state: 'detached', timeout: 20_000 });
    await page.getByRole('row').nth(1).or(page.getByText('Everyone is approved.')).first().waitFor();
    expect(
      await page.getByRole('row', { name: new RegExp(account.email.replace(/[.+]/g, '\\$&')) }).count(),
    ).toBe(0);
  });
});

describe('[ISSUE 37] Feasibility what-if: total cost from its parts (item 9)', () => {
  it("a new construction cost moves the total cost, and the stress base row reads 'What-if'", async () => {
    const { context, page } = await newPage();
    await signUpAndOnboard(context, 'borrower', 'Wanda Whatif');
    // $4,000,000 total with a $2,400,000 build (land value $3,000,000 is not what the land cost).
    const { id } = await call<{ id: string }>(
      context,
      'POST',
      '/api/projects',
      {
        ...projectFields(uniqueTitle('What If Walk')),
        construction_cost: 2_400_000,
        expected_profit: 800_000,
      },
      [201],
    );
    await page.goto(`/project/${id}`);
    await page.getByRole('tab', { name: 'Feasibility' }).click({ timeout: 20_000 });
    const stress = page.getByTestId('stress-base');
    await stress.getByRole('rowheader', { name: 'Base case (the listing)' }).waitFor();
    const total = page.getByRole('textbox', { name: 'Total project cost' });
    expect(await total.inputValue()).toBe('$4,000,000');

    await page.getByRole('textbox', { name: 'Construction cost' }).fill('2900000');
    await expect.poll(() => total.inputValue()).toBe('$4,500,000');
    await stress.getByRole('rowheader', { name: 'What-if (your figures)' }).waitFor();
    expect(await stress.textContent()).toContain('$4,500,000');

    await page.getByRole('button', { name: 'Reset to listing' }).click();
    await expect.poll(() => total.inputValue()).toBe('$4,000,000');
    await stress.getByRole('rowheader', { name: 'Base case (the listing)' }).waitFor();
  });
});
