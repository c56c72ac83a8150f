import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { theme } from '../src/app/theme';
import { readIntendedRole, rememberIntendedRole } from '../src/features/auth/utils/intended-role';
import { BudgetPanel } from '../src/features/facilities/components/budget-panel';
import { RoleStep } from '../src/features/onboarding/components/role-step';
import { SurveyorStep } from '../src/features/onboarding/components/surveyor-step';
import { SCREEN_TIMEOUT_MS } from './facility-test-harness';
import { resolveRelativeFetch, startScriptedApiServer } from './scripted-api-server';

// Issue 33, decision 063: the facility's budget while it is agreed (the draft edited line by line,
// a CSV import whose every row's problem is listed, the server's refusals in its words) and the
// invited quantity surveyor's onboarding step, through the real api-client against a real HTTP
// server that answers by script.

let server: Awaited<ReturnType<typeof startScriptedApiServer>>;

beforeAll(async () => {
  server = await startScriptedApiServer();
  vi.stubGlobal('fetch', resolveRelativeFetch(server.origin));
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterEach(() => cleanup());
afterAll(async () => {
  vi.unstubAllGlobals();
  await server.close();
});

const FACILITY = '00000000-0000-4000-8000-0000000000f1';

const draft = {
  id: '00000000-0000-4000-8000-0000000000b1',
  version: 1,
  status: 'draft',
  total_cents: 85_000_000,
  created_at: '2026-11-28T20:00:00Z',
  approved_at: null,
  lines: [
    {
      id: '00000000-0000-4000-8000-0000000000c1',
      code: 'C01',
      name: 'Construction',
      category: 'construction',
      amount_cents: 80_000_000,
      funded_by: 'debt',
    },
    {
      id: '00000000-0000-4000-8000-0000000000c2',
      code: 'P01',
      name: 'Professional fees',
      category: 'professional_fees',
      amount_cents: 5_000_000,
      funded_by: 'debt',
    },
  ],
};

function show(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider theme={theme}>
      <Notifications />
      <QueryClientProvider client={client}>
        <MemoryRouter>{children}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** A field by its label (a required one's label ends in Mantine's ' *'). */
const typeInto = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(new RegExp(`^${label}( \\*)?$`)), { target: { value } });

describe('BudgetPanel', { timeout: SCREEN_TIMEOUT_MS }, () => {
  it('the draft edited line by line: an amount that is not dollars is named before anything is sent; the server gets cents and its refusal is shown as said', async () => {
    server.script({ status: 200, body: { approved: null, draft, versions: [] } });
    show(<BudgetPanel facilityId={FACILITY} canEdit canApprove />);
    await screen.findByText('Draft budget, version 1, awaiting approval');
    expect(screen.getByRole('button', { name: 'Approve the budget' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Edit the draft' }));
    expect((screen.getByLabelText('Line 1 amount') as HTMLInputElement).value).toBe('800000');
    typeInto('Line 2 amount', 'fifty');
    server.script({ status: 409, body: { error: 'Line P01 was claimed by a draw and cannot be left out' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the draft' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Line 2: enter the amount in dollars, for example 1,250,000',
    );
    expect(server.received).toEqual([]);

    typeInto('Line 2 amount', '60,000.50');
    fireEvent.click(screen.getByRole('button', { name: 'Add a line' }));
    typeInto('Line 3 code', 'S01');
    typeInto('Line 3 name', 'Council fees');
    fireEvent.change(screen.getByLabelText('Line 3 category'), { target: { value: 'statutory' } });
    typeInto('Line 3 amount', '12000');
    expect(screen.getByText('Total $872,000.50')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save the draft' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'Line P01 was claimed by a draw and cannot be left out',
      ),
    );
    const put = server.received[0]!;
    expect([put.method, put.url]).toEqual(['PUT', `/api/facilities/${FACILITY}/budget`]);
    expect(put.key).toBeTruthy();
    expect(JSON.parse(put.body)).toEqual({
      lines: [
        {
          code: 'C01',
          name: 'Construction',
          category: 'construction',
          amount_cents: 80_000_000,
          funded_by: 'debt',
        },
        {
          code: 'P01',
          name: 'Professional fees',
          category: 'professional_fees',
          amount_cents: 6_000_050,
          funded_by: 'debt',
        },
        {
          code: 'S01',
          name: 'Council fees',
          category: 'statutory',
          amount_cents: 1_200_000,
          funded_by: 'debt',
        },
      ],
    });
  });

  it("a CSV import is sent as text/csv with a key; every row's problem is listed as the server names it", async () => {
    server.script({ status: 200, body: { approved: null, draft: null, versions: [] } });
    show(<BudgetPanel facilityId={FACILITY} canEdit canApprove={false} />);
    await screen.findByText(/No budget yet/);
    expect(screen.queryByRole('button', { name: 'Approve the budget' })).toBeNull();
    server.script({
      status: 400,
      body: {
        error: 'Row 2: the category must be one of …, Row 3: the name is missing',
        code: 'VALIDATION_FAILED',
        details: [
          { field: 'row 2.category', message: 'Row 2: the category must be one of land, construction' },
          { field: 'row 3.name', message: 'Row 3: the name is missing' },
        ],
      },
    });
    const csv =
      'code,name,category,amount,funded_by\nC01,Construction,roofing,800000,debt\nP01,,other,5,debt\n';
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([csv], 'budget.csv', { type: 'text/csv' })] } });
    const problems = await screen.findByRole('list', { name: 'Problems in the file' });
    expect(Array.from(problems.querySelectorAll('li'), (li) => li.textContent)).toEqual([
      'Row 2: the category must be one of land, construction',
      'Row 3: the name is missing',
    ]);
    const sent = server.received[0]!;
    expect([sent.method, sent.url, sent.body]).toEqual([
      'POST',
      `/api/facilities/${FACILITY}/budget/import`,
      csv,
    ]);
    expect(sent.key).toBeTruthy();
  });
});

describe('SurveyorStep', { timeout: SCREEN_TIMEOUT_MS }, () => {
  it("shows the server's refusal of someone not invited, then sends company, ABN and phone and leaves for /facilities", async () => {
    const leave = vi.fn();
    show(<SurveyorStep onBack={() => {}} leave={leave} />);
    typeInto('Company name', 'Quantum QS');
    typeInto('ABN', '123');
    typeInto('Phone', '0298765432');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to my facilities' }));
    await screen.findByText('Invalid ABN format');
    server.script({
      status: 403,
      body: {
        error: 'Only a quantity surveyor invited to a facility can choose this role',
        code: 'FORBIDDEN',
      },
    });
    typeInto('ABN', '51 824 753 556');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to my facilities' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Only a quantity surveyor invited to a facility can choose this role',
    );
    expect(leave).not.toHaveBeenCalled();

    server.script({
      status: 200,
      body: {
        role: 'surveyor',
        company_name: 'Quantum QS',
        abn: '51824753556',
        phone: '0298765432',
        facility_ids: [FACILITY],
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to my facilities' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/facilities'));
    expect(JSON.parse(server.received[0]!.body)).toEqual({
      company_name: 'Quantum QS',
      abn: '51 824 753 556',
      phone: '0298765432',
    });
  });
});

describe('the invitation at onboarding', () => {
  it('/sign-up?role=surveyor is remembered like role=funder; anything else is not; nothing is kept without a role', () => {
    rememberIntendedRole('surveyor');
    expect(readIntendedRole()).toBe('surveyor');
    rememberIntendedRole('admin');
    expect(readIntendedRole()).toBeNull();
    rememberIntendedRole('funder');
    expect(readIntendedRole()).toBe('funder');
    rememberIntendedRole(null);
    expect(readIntendedRole()).toBeNull();
  });

  it("a surveyor's invitation opens the surveyor's step instead of the role cards; either way one can switch", async () => {
    const onContinue = vi.fn();
    show(<RoleStep initialRole="surveyor" isPending={false} error={null} onContinue={onContinue} />);
    expect(screen.getByRole('heading', { name: 'Quantity surveyor' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'How will you use Plinth?' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'I was not invited as a surveyor' }));
    expect(screen.getByRole('heading', { name: 'How will you use Plinth?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'I was invited as a quantity surveyor' }));
    expect(screen.getByRole('heading', { name: 'Quantity surveyor' })).toBeTruthy();
    expect(onContinue).not.toHaveBeenCalled();
  });
});
