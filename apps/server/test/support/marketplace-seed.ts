import { expect } from 'vitest';
import { createUser, type TestApp, type TestUser } from '../helpers';
import { createFunder, decide, financials, listedProject, requestAccessOk } from './marketplace';

// One hand-made market of twelve listings (A to L) and three that are not on the market. The
// expectations below were worked out by hand from this table; `funder` has asked about C (pending),
// D (declined) and E (approved), so their market holds the other nine, D again, and E with its
// Engage state (issue 9: granted listings stay until funded): eleven listings.
//
// key title                            suburb       state type        stage             loan   profit/cost days ago
// A   Harbour View Apartments          Mosman       NSW   Residential Planning          2.0m   20 %        12
// B   Collins Street Offices           Melbourne    VIC   Commercial  Construction      8.0m   15 %        11
// C   Riverside Townhouses             Toowong      QLD   Residential Pre-Construction  1.2m   25 %        10
// D   Fremantle Warehouse Conversion   Fremantle    WA    Industrial  Planning          3.5m   10 %         9
// E   Glenelg Mixed-Use Tower          Glenelg      SA    Mixed Use   Near Completion  15.0m   30 %         8
// F   Parramatta Retail Centre         Parramatta   NSW   Retail      Construction      5.0m   none         7
// G   Newtown Terraces                 Newtown      NSW   Residential Construction      0.9m   10 %         6
// H   Docklands Office Park            Docklands    VIC   Commercial  Planning         12.0m   20 %         5
// I   Marrickville Lofts               Marrickville NSW   Residential Pre-Construction  4.0m   30 %         4
// J   Hobart Waterfront Homes          Sandy Bay    TAS   Residential Planning          0.6m    5 %         3
// K   Canberra Business Hub            Braddon      ACT   Commercial  Construction      2.0m   20 %         2
// L   Darwin Harbour Residences        Darwin City  NT    Residential Near Completion   7.0m   20 %         1
export const seeds = {
  A: ['Harbour View Apartments', 'Mosman', 'NSW', 'Residential', 'Planning', 2_000_000, 0.2, 12],
  B: ['Collins Street Offices', 'Melbourne', 'VIC', 'Commercial', 'Construction', 8_000_000, 0.15, 11],
  C: ['Riverside Townhouses', 'Toowong', 'QLD', 'Residential', 'Pre-Construction', 1_200_000, 0.25, 10],
  D: ['Fremantle Warehouse Conversion', 'Fremantle', 'WA', 'Industrial', 'Planning', 3_500_000, 0.1, 9],
  E: ['Glenelg Mixed-Use Tower', 'Glenelg', 'SA', 'Mixed Use', 'Near Completion', 15_000_000, 0.3, 8],
  F: ['Parramatta Retail Centre', 'Parramatta', 'NSW', 'Retail', 'Construction', 5_000_000, null, 7],
  G: ['Newtown Terraces', 'Newtown', 'NSW', 'Residential', 'Construction', 900_000, 0.1, 6],
  H: ['Docklands Office Park', 'Docklands', 'VIC', 'Commercial', 'Planning', 12_000_000, 0.2, 5],
  I: ['Marrickville Lofts', 'Marrickville', 'NSW', 'Residential', 'Pre-Construction', 4_000_000, 0.3, 4],
  J: ['Hobart Waterfront Homes', 'Sandy Bay', 'TAS', 'Residential', 'Planning', 600_000, 0.05, 3],
  K: ['Canberra Business Hub', 'Braddon', 'ACT', 'Commercial', 'Construction', 2_000_000, 0.2, 2],
  L: ['Darwin Harbour Residences', 'Darwin City', 'NT', 'Residential', 'Near Completion', 7_000_000, 0.2, 1],
} as const;
export type Key = keyof typeof seeds;

export interface SeededMarket {
  developer: TestUser;
  /** Has asked about C (pending), D (declined) and E (approved). */
  funder: TestUser;
  ids: Record<Key, string>;
  keyOf: Map<string, Key>;
  requestOnD: string;
  requestOnE: string;
}

/** Factory: the market of the table above, through the API, dated as the table says. */
export async function seedMarket(t: TestApp): Promise<SeededMarket> {
  const ids = {} as Record<Key, string>;
  const keyOf = new Map<string, Key>();
  const developer = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Dev Eloper' });
  for (const [key, [title, suburb, state, type, stage, loan, ratio, daysAgo]] of Object.entries(seeds)) {
    const cost = loan * 1.5;
    const project = await listedProject(
      t,
      developer,
      {
        title,
        suburb,
        state,
        property_type: type,
        development_stage: stage,
        location: `1 Test Street, ${suburb}`,
        ...financials(loan, ratio === null ? null : Math.round(cost * ratio), cost),
      },
      { daysAgo },
    );
    ids[key as Key] = project.id;
    keyOf.set(project.id, key as Key);
  }
  // Never on the market, whatever the query: a draft, one under review, one rejected.
  for (const state of ['draft', 'pending', 'rejected'] as const) {
    await listedProject(t, developer, { title: `Harbour ${state} listing`, suburb: 'Mosman' }, { state });
  }
  const funder = await createFunder(t, 'active');
  await requestAccessOk(t.app, funder, ids.C);
  const requestOnD = (await requestAccessOk(t.app, funder, ids.D)).id;
  expect((await decide(t.app, developer, requestOnD, 'decline')).statusCode).toBe(200);
  const requestOnE = (await requestAccessOk(t.app, funder, ids.E)).id;
  expect((await decide(t.app, developer, requestOnE, 'approve')).statusCode).toBe(200);
  return { developer, funder, ids, keyOf, requestOnD, requestOnE };
}

/** The keys of a list's items, in order. */
export const keysOf = (market: SeededMarket, body: { items: { id: string }[] }) =>
  body.items.map((item) => market.keyOf.get(item.id) ?? item.id);
