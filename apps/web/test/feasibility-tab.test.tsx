import { MantineProvider } from '@mantine/core';
import { pct } from '@plinth/domain/broker-ai/answer';
import {
  type FeasibilityProject,
  feasibility,
  feasibilityInputsOf,
  SENSITIVITY_COST_RISES,
  SENSITIVITY_REVENUE_FALLS,
} from '@plinth/domain/broker-ai/feasibility';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { theme } from '../src/app/theme';
import { FeasibilityTab } from '../src/components/feasibility/feasibility-tab';

// The Feasibility tab (issue 21) of the project page and the deal room: its figures are the
// domain's feasibility() of the listing, and a 'what if' recomputes them without calling the server.

beforeAll(() => {
  // jsdom has neither; Mantine's table scroll container and the chart observe their size.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  // jsdom lays nothing out, so the chart's container measures 0 × 0 and Recharts says so; the
  // chart is drawn in the browser test, and its figures are asserted here through the table.
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (String(args[0]).startsWith('The width(0) and height(0) of chart')) return;
    warn(...args);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** $10 m total cost ($6 m of it construction), $2 m expected profit: revenue $12 m, 20 % on cost. */
const listing: FeasibilityProject = {
  loan_amount: 7_000_000,
  land_value: 3_000_000,
  total_project_cost: 10_000_000,
  construction_cost: 6_000_000,
  expected_gdc: 12_500_000,
  expected_profit: 2_000_000,
  equity_contribution: 2_500_000,
  interest_rate: 9,
  loan_term: 18,
};

function renderTab(project: FeasibilityProject = listing) {
  // Any call to the server would go through fetch: none may be made.
  const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <MantineProvider theme={theme}>
      <FeasibilityTab project={project} />
    </MantineProvider>,
  );
  return fetchMock;
}

const cell = (rise: number, fall: number) => screen.getByTestId(`sensitivity-cell-${rise}-${fall}`);

function expectGridOf(project: FeasibilityProject, inputs = feasibilityInputsOf(project)) {
  const grid = feasibility(inputs).grid!;
  SENSITIVITY_COST_RISES.forEach((rise, c) => {
    SENSITIVITY_REVENUE_FALLS.forEach((fall, r) => {
      const expected = grid.rows[c]![r]!;
      expect(cell(rise, fall).textContent, `cell +${rise} / −${fall}`).toBe(pct(expected.marginOnCost));
      expect(cell(rise, fall).getAttribute('data-standing')).toBe(expected.standing);
    });
  });
}

describe('FeasibilityTab', () => {
  it("sensitivity grid: each of the 25 cells is the domain's margin on cost, coloured by its standing against 15%", () => {
    renderTab();
    expectGridOf(listing);
    // Worked by hand: revenue $12 m (cost + profit, not the GDC); the rise is on the $6 m construction cost.
    expect(cell(0, 0).textContent).toBe('20%');
    expect(cell(0, 0).getAttribute('data-standing')).toBe('clears');
    expect(cell(10, 0).textContent).toBe('13.2%'); // 12 / 10.6 − 1
    expect(cell(10, 0).getAttribute('data-standing')).toBe('below');
    expect(cell(20, 20).textContent).toBe('-14.3%'); // 9.6 / 11.2 − 1
    expect(cell(20, 20).getAttribute('data-standing')).toBe('loss');
    const grid = screen.getByTestId('sensitivity-grid');
    expect(within(grid).getByRole('rowheader', { name: 'Construction cost +20%' })).toBeTruthy();
    expect(within(grid).getByRole('columnheader', { name: 'Revenue −15%' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Legend: margin on cost against the 15% hurdle' })).toBeTruthy();
  });

  it("sensitivity grid without a construction cost: the rise is on the total cost, and the rows say 'Total cost'", () => {
    const project = { ...listing, construction_cost: null };
    renderTab(project);
    expectGridOf(project);
    expect(cell(10, 0).textContent).toBe('9.1%'); // 12 / 11 − 1
    expect(screen.getByRole('rowheader', { name: 'Total cost +10%' })).toBeTruthy();
  });

  it('ratios: value, norm and a pass / watch / fail badge; unrated ones say Not rated with the reason', () => {
    renderTab();
    const ratios = feasibility(feasibilityInputsOf(listing)).ratios;
    const table = screen.getByRole('table', { name: 'Ratios against their norms' });
    for (const ratio of ratios) {
      const row = within(table).getByTestId(`ratio-${ratio.key}`);
      expect(within(row).getByRole('rowheader').textContent).toBe(ratio.label);
      expect(row.textContent).toContain(ratio.display);
      expect(row.textContent).toContain(ratio.norm!);
    }
    const loanToGrv = within(table).getByTestId('ratio-loanToGrv');
    expect(loanToGrv.textContent).toContain('58.3%'); // 7 / 12
    expect(within(loanToGrv).getByText('Pass')).toBeTruthy();
    const loanToCost = within(table).getByTestId('ratio-loanToCost');
    expect(loanToCost.textContent).toContain('70%');
    expect(within(loanToCost).getByText('Pass')).toBeTruthy();
    const debtToEquity = within(table).getByTestId('ratio-debtToEquity');
    expect(within(debtToEquity).getByText('Not rated')).toBeTruthy();
    expect(debtToEquity.textContent).toContain('No common norm: lenders judge gearing by loan / TDC.');
  });

  it('capitalised interest: the summary gives the last month of the schedule; the table lists every month', () => {
    renderTab();
    const schedule = feasibility(feasibilityInputsOf(listing)).schedule!;
    const last = schedule.at(-1)!;
    expect(schedule).toHaveLength(18);
    const summary = screen.getByTestId('interest-summary').textContent!;
    expect(summary).toContain('Over 18 months');
    expect(summary).toContain(last.capitalised.toLocaleString('en-AU', { maximumFractionDigits: 0 }));
    expect(summary).toContain('$945,000 simple'); // 7 m × 9 % × 1.5 years
    const table = screen.getByRole('table', { name: /Interest month by month over the 18-month term/ });
    expect(within(table).getAllByRole('row')).toHaveLength(19);
  });

  it('stress cases: each case with its margin and Clears or Fails against 15%', () => {
    renderTab();
    const cases = feasibility(feasibilityInputsOf(listing)).stress!;
    expect(cases.map((c) => c.name)).toEqual([
      'base',
      'cost +10%',
      'revenue −10%',
      '6-month delay',
      'combined',
    ]);
    for (const c of cases) {
      const row = screen.getByTestId(`stress-${c.name}`);
      expect(row.textContent).toContain(pct(c.marginOnCost));
      expect(within(row).getByText(c.clearsHurdle ? 'Clears' : 'Fails')).toBeTruthy();
    }
    expect(within(screen.getByTestId('stress-base')).getByText('Clears')).toBeTruthy();
    expect(within(screen.getByTestId('stress-combined')).getByText('Fails')).toBeTruthy();
  });

  it("what if: a new revenue recomputes every cell at once; 'Reset to listing' brings the listing back; nothing is sent", () => {
    const fetchMock = renderTab();
    expect(screen.getByText(/Nothing here is saved/)).toBeTruthy();
    const reset = screen.getByRole('button', { name: 'Reset to listing' });
    expect(reset).toHaveProperty('disabled', true);

    fireEvent.change(screen.getByLabelText('Revenue (GRV ex GST)'), { target: { value: '13000000' } });
    expect(cell(0, 0).textContent).toBe('30%');
    expectGridOf(listing, { ...feasibilityInputsOf(listing), revenue: 13_000_000 });
    fireEvent.change(screen.getByLabelText('Construction cost'), { target: { value: '' } });
    expect(screen.getByRole('rowheader', { name: 'Total cost +5%' })).toBeTruthy();
    expect(cell(10, 0).textContent).toBe('18.2%'); // 13 / 11 − 1

    fireEvent.click(reset);
    expectGridOf(listing);
    expect(reset).toHaveProperty('disabled', true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('missing figures: says which, and each section says what it needs instead of showing nothing', () => {
    renderTab({
      loan_amount: 2_500_000,
      land_value: null,
      total_project_cost: null,
      construction_cost: null,
      expected_gdc: null,
      expected_profit: null,
      equity_contribution: 1_000_000,
      interest_rate: null,
      loan_term: 18,
    });
    const missing = screen.getByTestId('feasibility-missing').textContent!;
    expect(missing).toContain(
      'The listing does not give: total project cost, expected GDC or expected profit, land value, interest rate.',
    );
    expect(screen.queryByTestId('sensitivity-grid')).toBeNull();
    expect(screen.getByText(/The sensitivity grid needs the total project cost/)).toBeTruthy();
    expect(screen.getByText(/The interest schedule needs the loan amount, the interest rate/)).toBeTruthy();
    expect(screen.getByText(/The stress cases need the total project cost/)).toBeTruthy();
    expect(within(screen.getByTestId('ratio-loanToCost')).getByText('Not rated')).toBeTruthy();

    // Filled in as a 'what if', the grid appears.
    fireEvent.change(screen.getByLabelText('Total project cost'), { target: { value: '4000000' } });
    fireEvent.change(screen.getByLabelText('Revenue (GRV ex GST)'), { target: { value: '5000000' } });
    expect(cell(0, 0).textContent).toBe('25%');
    expect(screen.getByTestId('feasibility-missing').textContent).toContain(
      'Missing from your figures: land value, interest rate.',
    );
  });
});

describe('FeasibilityTab what-if: total cost from its parts (issue 37 item 9)', () => {
  const stressBase = () => screen.getByTestId('stress-base');

  it("a new construction cost moves the total cost with it, and the stress row reads 'What-if'", () => {
    renderTab();
    expect(within(stressBase()).getByRole('rowheader').textContent).toBe('Base case (the listing)');
    const total = screen.getByLabelText('Total project cost') as HTMLInputElement;
    expect(total.value).toBe('$10,000,000');

    // $10 m = land $3 m + construction $6 m + $1 m of other costs; construction to $7 m makes $11 m.
    fireEvent.change(screen.getByLabelText('Construction cost'), { target: { value: '7000000' } });
    expect(total.value).toBe('$11,000,000');
    expect(within(stressBase()).getByRole('rowheader').textContent).toBe('What-if (your figures)');
    expect(stressBase().textContent).toContain('$11,000,000');
    expect(cell(0, 0).textContent).toBe('9.1%'); // 12 / 11 − 1
    // Land is a part too: $2.5 m takes half a million off.
    fireEvent.change(screen.getByLabelText('Land value'), { target: { value: '2500000' } });
    expect(total.value).toBe('$10,500,000');

    // A total typed by the viewer is theirs: a part changed after it leaves it alone.
    fireEvent.change(total, { target: { value: '12000000' } });
    fireEvent.change(screen.getByLabelText('Construction cost'), { target: { value: '8000000' } });
    expect(total.value).toBe('$12,000,000');

    fireEvent.click(screen.getByRole('button', { name: 'Reset to listing' }));
    expect(total.value).toBe('$10,000,000');
    expect(within(stressBase()).getByRole('rowheader').textContent).toBe('Base case (the listing)');
  });

  it('any changed figure labels the stress row What-if, not only a cost', () => {
    renderTab();
    fireEvent.change(screen.getByLabelText('Interest rate (% p.a.)'), { target: { value: '11' } });
    expect(within(stressBase()).getByRole('rowheader').textContent).toBe('What-if (your figures)');
    expect((screen.getByLabelText('Total project cost') as HTMLInputElement).value).toBe('$10,000,000');
  });
});
