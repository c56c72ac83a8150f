import { describe, expect, it } from 'vitest';
import { signUpAndOnboard } from './support/accounts';
import { call } from './support/api';
import { useBrowser } from './support/browser';
import { approveProjectViaApi, signInAdminViaApi } from './support/funders';
import { createProjectUnderReview, uniqueTitle } from './support/projects';

const { newPage } = useBrowser();

/** A day `days` after today in Sydney, YYYY-MM-DD (what the date input takes). */
const sydneyDay = (days: number) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

describe('[REVOCATION] a developer takes back a funder’s access (issue 19 item 5)', () => {
  it("the developer approves with 'Access until', then revokes from the deal room; the funder is told when access ends, then wherever they land that it was revoked, when and why", async () => {
    // A listing on the market, and an active funder who asks for its file.
    const dev = await newPage();
    await signUpAndOnboard(dev.context, 'borrower', 'Dana Developer');
    const title = uniqueTitle('Revocable Rise');
    const projectId = await createProjectUnderReview(dev.context, title);
    const admin = await newPage();
    await signInAdminViaApi(admin.context);
    await approveProjectViaApi(admin.context, projectId);
    const fun = await newPage();
    await signUpAndOnboard(fun.context, 'funder', 'Rhea Revoked');
    const me = await call<{ id: string }>(fun.context, 'GET', '/api/auth/me');
    await call(admin.context, 'POST', `/api/admin/force-approve-funder/${me.id}`, {
      reason: 'Verified for the revocation journey',
    });
    const access = await call<{ id: string }>(
      fun.context,
      'POST',
      '/api/access-requests',
      {
        project_id: projectId,
        initial_message: 'We lend on mid-rise residential.',
        undertaking: { accepted: true, full_name: 'Rhea Revoked' },
      },
      [201],
    );

    // The developer approves on /access-requests with an end date.
    await dev.page.goto('/access-requests');
    const card = dev.page.getByRole('article', { name: 'Rhea Revoked' });
    const until = card.getByLabel('Access until (optional)');
    // The date input offers today (Sydney) to three years on: the server's rule (issue 29 finding 6).
    expect(await until.getAttribute('min')).toBe(sydneyDay(0));
    // A day past the three years is named on the field and never sent: the request stays pending.
    await until.fill(sydneyDay(4 * 366));
    await card.getByRole('button', { name: 'Approve' }).click();
    await card.getByText('Access until can be at most 3 years ahead').waitFor();
    const mine = await call<{ items: { id: string; status: string }[] }>(
      fun.context,
      'GET',
      '/api/access-requests',
    );
    expect(mine.items.find((r) => r.id === access.id)?.status).toBe('pending');
    await until.fill(sydneyDay(30));
    await card.getByRole('button', { name: 'Approve' }).click();
    await dev.page.getByText('Access Approved', { exact: true }).waitFor();
    const granted = dev.page.getByRole('article', { name: `Rhea Revoked: ${title}` });
    await granted.getByText(/^Access until \d{1,2} \w{3,4} \d{4}$/).waitFor();

    // The funder engages and reads a document.
    const deal = await call<{ deal_id: string }>(
      fun.context,
      'POST',
      '/api/deals',
      { project_id: projectId, access_request_id: access.id },
      [200, 201],
    );
    const roomPath = `/project/${projectId}/deal/${deal.deal_id}`;
    const { documents } = await call<{ documents: { id: string }[] }>(
      fun.context,
      'GET',
      `/api/projects/${projectId}/documents`,
    );
    const download = `/api/documents/${documents[0]!.id}/download`;
    const before = await fun.context.request.get(download);
    expect(before.status()).toBe(200);
    // Issue 37 item 2: the funder reads when access ends, on the project and in the room.
    await fun.page.goto(`/project/${projectId}`);
    await fun.page.getByText(/^Access granted · Access until \d{1,2} \w{3,4} \d{4}$/).waitFor();
    await fun.page.goto(roomPath);
    await fun.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await fun.page.getByText(/^Access until \d{1,2} \w{3,4} \d{4}$/).waitFor();

    // The developer revokes from the room, with a reason.
    await dev.page.goto(roomPath);
    await dev.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await dev.page.getByRole('button', { name: 'Revoke access' }).click();
    const dialog = dev.page.getByRole('dialog', { name: 'Revoke access' });
    const confirm = dialog.getByRole('button', { name: 'Revoke access' });
    expect(await confirm.isDisabled()).toBe(true);
    // A reason with its own full stop (issue 37 item 11: the banner must not double it).
    await dialog.getByLabel('Reason').fill('We have chosen another lender.');
    await confirm.click();
    await dev.page.getByText('Access Revoked', { exact: true }).waitFor();
    // The room's own banner, not the toast (a portal outside the page's main landmark) saying the same.
    const banner = dev.page.getByRole('main').getByRole('alert').filter({ hasText: 'Access revoked' });
    await banner.getByText(/Reason: We have chosen another lender/).waitFor();
    // Issue 37 item 11: one full stop, REVOKED without OPEN beside it, no Share contact.
    expect(await banner.textContent()).toContain('Reason: We have chosen another lender. Access was revoked');
    expect(await banner.textContent()).not.toContain('..');
    const header = dev.page.getByRole('heading', { level: 1, name: title }).locator('..');
    await header.getByText('Revoked', { exact: true }).waitFor();
    expect(await header.getByText('Open', { exact: true }).count()).toBe(0);
    expect(await dev.page.getByRole('button', { name: /share/i }).count()).toBe(0);
    // Read-only: the room keeps its tabs but offers no action.
    await dev.page.getByRole('button', { name: 'Revoke access' }).waitFor({ state: 'detached' });
    await dev.page.getByRole('tab', { name: /^Comments/ }).click();
    await dev.page.getByRole('tabpanel').waitFor();
    expect(await dev.page.getByRole('textbox', { name: 'Comment' }).count()).toBe(0);
    expect(await dev.page.getByRole('button', { name: 'Post' }).count()).toBe(0);

    // Issue 37 item 1: wherever the funder lands they are told, by title, date and reason, and
    // shown nothing else of the project. The open room hears of it first.
    const told = new RegExp(
      `^Your access to ${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} was revoked on \\d{1,2} \\w{3,4} \\d{4}: We have chosen another lender$`,
    );
    await fun.page.getByText(told).waitFor();
    for (const path of [
      `/project/${projectId}`,
      roomPath,
      `/deals/${deal.deal_id}`,
      `/projects/${projectId}`,
    ]) {
      await fun.page.goto(path);
      await fun.page.getByText(told).waitFor();
      expect(await fun.page.getByText('Project not found').count(), path).toBe(0);
      expect(await fun.page.getByRole('tab').count(), path).toBe(0);
    }
    // The download, the project and the room through the API: 404 each.
    expect((await fun.context.request.get(download)).status()).toBe(404);
    await call(fun.context, 'GET', `/api/projects/${projectId}`, undefined, [404]);
    await call(fun.context, 'GET', `/api/deals/${deal.deal_id}`, undefined, [404]);

    // The developer's list says so, with the reason.
    await dev.page.goto('/access-requests');
    await dev.page
      .getByRole('article', { name: `Rhea Revoked: ${title}` })
      .getByText(/Reason: We have chosen another lender/)
      .waitFor();
  });
});
