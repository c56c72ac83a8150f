// The marketplace benchmark's data: developers and their projects (100,000 by default), funders
// with active subscriptions, and the access requests (and deals) between them, written straight
// into a migrated PostgreSQL schema with multi-row INSERTs (one unnest() statement per few
// thousand rows). Deterministic: the same seed gives the same rows, only dated from today.
//
// The spread: states by population, suburbs within a state by a Zipf law (so the capitals' big
// suburbs are common words for a text search), property types and stages weighted, loan amounts
// log-normal clipped to $100k-$50m, and total cost, equity and profit chosen to satisfy the
// wizard's rules (packages/domain/src/projects.ts financialIssues: equity at least 10 % of cost,
// equity + loan at most 110 % of cost).

// The rules of packages/domain/src/constants.ts (the domain package is TypeScript; this is plain
// Node), checked on every generated project.
const MIN_LOAN_AMOUNT = 100_000;
const MIN_EQUITY_SHARE = 0.1;
const MAX_LOAN_PLUS_EQUITY_SHARE = 1.1;
const MAX_LOAN_AMOUNT = 50_000_000;

// ---------------------------------------------------------------------------------------------
// Randomness

/** mulberry32: a small, fast, seedable generator. */
function generator(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const between = (lo, hi) => lo + (hi - lo) * next();
  const int = (lo, hi) => Math.floor(between(lo, hi + 1));
  const pick = (list) => list[Math.floor(next() * list.length)];
  const normal = () => {
    const u = 1 - next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
  };
  /** A picker over [value, weight] pairs. */
  const weighted = (pairs) => {
    const total = pairs.reduce((sum, [, w]) => sum + w, 0);
    const edges = [];
    let acc = 0;
    for (const [value, w] of pairs) {
      acc += w / total;
      edges.push([acc, value]);
    }
    return () => {
      const u = next();
      for (const [edge, value] of edges) if (u < edge) return value;
      return edges.at(-1)[1];
    };
  };
  const hex = () =>
    Math.floor(next() * 65536)
      .toString(16)
      .padStart(4, '0');
  /** A version-4 UUID from this generator. */
  const uuid = () => {
    const h = Array.from({ length: 8 }, hex).join('');
    const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  };
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  /** A Better Auth-like text id. */
  const textId = () => Array.from({ length: 32 }, () => pick(alphabet)).join('');
  return { next, between, int, pick, normal, weighted, uuid, textId };
}

// ---------------------------------------------------------------------------------------------
// Geography: share of Australia's population (ABS 2024, rounded), and suburbs in order of how
// often they come up (Zipf within the state): [name, postcode, latitude, longitude].

const STATES = {
  NSW: [
    31.8,
    [
      ['Parramatta', '2150', -33.815, 151.001],
      ['Blacktown', '2148', -33.771, 150.906],
      ['Liverpool', '2170', -33.92, 150.924],
      ['Penrith', '2750', -33.751, 150.694],
      ['Chatswood', '2067', -33.796, 151.183],
      ['Newcastle', '2300', -32.927, 151.776],
      ['Wollongong', '2500', -34.424, 150.893],
      ['Castle Hill', '2154', -33.73, 151.004],
      ['Campbelltown', '2560', -34.065, 150.814],
      ['Surry Hills', '2010', -33.885, 151.211],
      ['Ryde', '2112', -33.815, 151.105],
      ['Hornsby', '2077', -33.703, 151.099],
      ['Bondi', '2026', -33.894, 151.264],
      ['Gosford', '2250', -33.425, 151.342],
      ['North Parramatta', '2151', -33.8, 151.004],
      ['Rouse Hill', '2155', -33.682, 150.915],
      ['Marsden Park', '2765', -33.698, 150.832],
      ['Wagga Wagga', '2650', -35.118, 147.37],
    ],
  ],
  VIC: [
    25.6,
    [
      ['Melbourne', '3000', -37.814, 144.963],
      ['Richmond', '3121', -37.823, 145.0],
      ['Footscray', '3011', -37.8, 144.9],
      ['Box Hill', '3128', -37.819, 145.125],
      ['Werribee', '3030', -37.9, 144.661],
      ['Geelong', '3220', -38.149, 144.361],
      ['Dandenong', '3175', -37.987, 145.215],
      ['Craigieburn', '3064', -37.6, 144.943],
      ['Brunswick', '3056', -37.767, 144.962],
      ['St Kilda', '3182', -37.868, 144.981],
      ['Point Cook', '3030', -37.915, 144.75],
      ['Ballarat', '3350', -37.562, 143.85],
      ['Tarneit', '3029', -37.832, 144.694],
      ['Doncaster', '3108', -37.788, 145.124],
    ],
  ],
  QLD: [
    20.5,
    [
      ['Brisbane City', '4000', -27.468, 153.028],
      ['Southport', '4215', -27.967, 153.4],
      ['Fortitude Valley', '4006', -27.457, 153.034],
      ['South Brisbane', '4101', -27.48, 153.02],
      ['Surfers Paradise', '4217', -28.0, 153.43],
      ['Toowoomba', '4350', -27.561, 151.953],
      ['Townsville', '4810', -19.259, 146.816],
      ['Ipswich', '4305', -27.614, 152.758],
      ['Cairns', '4870', -16.92, 145.77],
      ['Springfield Lakes', '4300', -27.668, 152.925],
      ['Maroochydore', '4558', -26.66, 153.1],
      ['Logan Central', '4114', -27.639, 153.109],
      ['Chermside', '4032', -27.385, 153.032],
    ],
  ],
  WA: [
    10.8,
    [
      ['Perth', '6000', -31.953, 115.857],
      ['Joondalup', '6027', -31.744, 115.766],
      ['Fremantle', '6160', -32.056, 115.745],
      ['Baldivis', '6171', -32.327, 115.829],
      ['Rockingham', '6168', -32.277, 115.73],
      ['Subiaco', '6008', -31.949, 115.826],
      ['Mandurah', '6210', -32.529, 115.723],
      ['Midland', '6056', -31.888, 116.01],
      ['Scarborough', '6019', -31.894, 115.756],
    ],
  ],
  SA: [
    6.9,
    [
      ['Adelaide', '5000', -34.929, 138.601],
      ['Glenelg', '5045', -34.98, 138.516],
      ['Norwood', '5067', -34.921, 138.631],
      ['Mawson Lakes', '5095', -34.808, 138.61],
      ['Prospect', '5082', -34.883, 138.594],
      ['Mount Barker', '5251', -35.067, 138.858],
      ['Port Adelaide', '5015', -34.846, 138.503],
    ],
  ],
  TAS: [
    2.1,
    [
      ['Hobart', '7000', -42.882, 147.327],
      ['Launceston', '7250', -41.434, 147.137],
      ['Sandy Bay', '7005', -42.905, 147.325],
      ['Kingston', '7050', -42.976, 147.304],
      ['Devonport', '7310', -41.18, 146.35],
    ],
  ],
  ACT: [
    1.7,
    [
      ['Canberra', '2601', -35.281, 149.129],
      ['Belconnen', '2617', -35.238, 149.066],
      ['Gungahlin', '2912', -35.186, 149.133],
      ['Braddon', '2612', -35.271, 149.135],
      ['Phillip', '2606', -35.345, 149.088],
    ],
  ],
  NT: [
    0.9,
    [
      ['Darwin', '0800', -12.463, 130.842],
      ['Palmerston', '0830', -12.486, 130.983],
      ['Alice Springs', '0870', -23.698, 133.881],
      ['Nightcliff', '0810', -12.383, 130.853],
    ],
  ],
};

const STREETS = [
  'George',
  'Church',
  'Victoria',
  'Railway',
  'Station',
  'High',
  'King',
  'Queen',
  'Elizabeth',
  'Albert',
  'Market',
  'Macquarie',
  'Park',
  'Bridge',
  'Smith',
  'Hunter',
  'Pitt',
  'Lonsdale',
  'Collins',
  'Bourke',
];
const STREET_KINDS = ['St', 'Rd', 'Ave', 'Pde', 'Lane', 'Hwy'];

const PROPERTY_TYPES = [
  ['Residential', 48],
  ['Commercial', 16],
  ['Mixed Use', 14],
  ['Industrial', 13],
  ['Retail', 9],
];
const STAGES = [
  ['Planning', 32],
  ['Pre-Construction', 26],
  ['Construction', 30],
  ['Near Completion', 12],
];
/** Build cost per square metre by property type (AUD, low and high). */
const COST_PER_SQM = {
  Residential: [3500, 5500],
  Commercial: [4000, 6500],
  'Mixed Use': [3800, 6000],
  Industrial: [1200, 2200],
  Retail: [2500, 4000],
};
const ZONING = {
  Residential: ['R3 Medium Density Residential', 'R4 High Density Residential', 'R2 Low Density Residential'],
  Commercial: ['E2 Commercial Centre', 'B3 Commercial Core', 'E1 Local Centre'],
  'Mixed Use': ['MU1 Mixed Use', 'B4 Mixed Use'],
  Industrial: ['E4 General Industrial', 'IN1 General Industrial', 'IN2 Light Industrial'],
  Retail: ['B2 Local Centre', 'E1 Local Centre'],
};
const TITLE_WORDS = {
  Residential: ['Townhouses', 'Apartments', 'Residences', 'Terraces', 'Villas', 'Duplexes'],
  Commercial: ['Office Building', 'Business Park', 'Medical Centre', 'Office Tower'],
  'Mixed Use': ['Mixed-Use Precinct', 'Apartments and Retail', 'Tower'],
  Industrial: ['Warehouses', 'Logistics Hub', 'Industrial Estate', 'Self Storage'],
  Retail: ['Shopping Centre', 'Retail Strip', 'Neighbourhood Centre'],
};
const PERMITS_BY_STAGE = {
  Planning: [
    ['Not Started', 35],
    ['In Progress', 40],
    ['Submitted', 25],
  ],
  'Pre-Construction': [
    ['Submitted', 20],
    ['Approved', 50],
    ['Approved with Conditions', 30],
  ],
  Construction: [
    ['Approved', 65],
    ['Approved with Conditions', 35],
  ],
  'Near Completion': [
    ['Approved', 70],
    ['Approved with Conditions', 30],
  ],
};
/** Listing states: published (on the market) and the others a developer's list holds. */
const LISTING_STATES = [
  ['published', 85],
  ['draft', 7],
  ['payment_pending', 4],
  ['rejected', 4],
];
const ACCESS_STATUSES = [
  ['pending', 30],
  ['approved', 15],
  ['declined', 25],
  ['due_diligence', 10],
  ['term_sheet', 7],
  ['funded', 5],
  ['closed', 8],
];
const FOCUSES = [
  ['Residential Development', 40],
  ['Commercial Development', 15],
  ['Mixed-Use Development', 15],
  ['Industrial Development', 10],
  ['All Property Types', 20],
];
const FUNDER_TYPES = ['Private Credit Fund', 'Family Office', 'Non-Bank Lender', 'High Net Worth Individual'];
const FIRST_NAMES = [
  'Olivia',
  'Jack',
  'Charlotte',
  'Noah',
  'Amelia',
  'William',
  'Isla',
  'Oliver',
  'Mia',
  'Leo',
];
const LAST_NAMES = [
  'Smith',
  'Nguyen',
  'Williams',
  'Brown',
  'Wilson',
  'Taylor',
  'Singh',
  'Chen',
  'Kelly',
  'Martin',
];

const DAY = 86_400_000;

/** The financial rules a project's figures must satisfy (projects.ts financialIssues). */
export function financialsValid(p) {
  return (
    p.loan_amount >= MIN_LOAN_AMOUNT &&
    p.total_project_cost > 0 &&
    p.equity_contribution >= p.total_project_cost * MIN_EQUITY_SHARE &&
    p.equity_contribution + p.loan_amount <= p.total_project_cost * MAX_LOAN_PLUS_EQUITY_SHARE
  );
}

const roundTo = (value, step) => Math.round(value / step) * step;
const isoDate = (ms) => new Date(ms).toISOString().slice(0, 10);

/** A loan amount: log-normal (median $3.5m), redrawn outside $100k-$50m, rounded as people ask. */
function loanAmount(r) {
  for (;;) {
    const raw = Math.exp(Math.log(3_500_000) + 1.0 * r.normal());
    if (raw < MIN_LOAN_AMOUNT || raw > MAX_LOAN_AMOUNT) continue;
    const step = raw < 1_000_000 ? 10_000 : raw < 10_000_000 ? 50_000 : 100_000;
    return Math.min(MAX_LOAN_AMOUNT, Math.max(MIN_LOAN_AMOUNT, roundTo(raw, step)));
  }
}

/** Total cost, equity, land, construction, profit and end value around a loan, within the rules. */
function financials(r, loan) {
  const loanShare = r.between(0.5, 0.8);
  const cost = roundTo(loan / loanShare, 1000);
  const equityShare = Math.min(
    Math.max(r.between(0.92, 1.05) - loan / cost, MIN_EQUITY_SHARE),
    MAX_LOAN_PLUS_EQUITY_SHARE - loan / cost,
  );
  let equity = Math.ceil((cost * equityShare) / 1000) * 1000;
  if (equity + loan > cost * MAX_LOAN_PLUS_EQUITY_SHARE) equity = Math.ceil(cost * MIN_EQUITY_SHARE);
  const land = roundTo(cost * r.between(0.15, 0.4), 1000);
  const construction = Math.min(
    roundTo(cost * r.between(0.45, 0.7), 1000),
    cost - land - roundTo(cost * 0.05, 1000),
  );
  // Some developers leave profit and end value blank (the wizard does not ask for them).
  const stated = r.next() > 0.06;
  const profit = stated ? roundTo(cost * r.between(0.08, 0.3), 1000) : null;
  return {
    total_project_cost: cost,
    equity_contribution: equity,
    land_value: land,
    construction_cost: construction,
    expected_profit: profit,
    expected_gdc: stated ? cost + profit : null,
  };
}

/**
 * Generates everything in memory. `now` anchors the dates. Returns rows per table, in insertion
 * order, and the ids the benchmark needs.
 */
export function generate({
  projects: projectCount,
  developers: developerCount,
  funders: funderCount,
  benchFunderId,
  seed = 20261123,
  now = Date.now(),
}) {
  const r = generator(seed);
  const pickState = r.weighted(Object.entries(STATES).map(([state, [share]]) => [state, share]));
  const pickSuburb = Object.fromEntries(
    Object.entries(STATES).map(([state, [, suburbs]]) => [
      state,
      r.weighted(suburbs.map((s, i) => [s, 1 / (i + 1) ** 0.8])),
    ]),
  );
  const pickType = r.weighted(PROPERTY_TYPES);
  const pickStage = r.weighted(STAGES);
  const pickListing = r.weighted(LISTING_STATES);
  const pickPermit = Object.fromEntries(Object.entries(PERMITS_BY_STAGE).map(([k, v]) => [k, r.weighted(v)]));
  const pickRisk = r.weighted([
    ['low', 30],
    ['medium', 50],
    ['high', 20],
  ]);
  const pickAccess = r.weighted(ACCESS_STATUSES);
  const pickFocus = r.weighted(FOCUSES);
  const personName = () => `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)}`;
  const phone = () => `0${r.pick(['2', '3', '7', '8'])}${String(r.int(0, 99_999_999)).padStart(8, '0')}`;
  const abn = () => String(r.int(10_000_000_000, 99_999_999_999));
  const since = (days) => new Date(now - r.between(0, days) * DAY);

  const users = [];
  const profiles = [];
  const developers = [];
  for (let i = 1; i <= developerCount; i++) {
    const id = r.textId();
    const created = since(1000);
    developers.push({ id, created });
    users.push({
      id,
      name: personName(),
      email: `developer${String(i).padStart(5, '0')}@bench.plinth.local`,
      role: 'borrower',
      approved: true,
      subscription_status: 'none',
      subscription_period_end: null,
      created_at: created,
    });
    profiles.push({
      user_id: id,
      company_name: `${r.pick(LAST_NAMES)} ${r.pick(['Developments', 'Property Group', 'Projects', 'Living'])} Pty Ltd`,
      company_type: 'Developer',
      phone: phone(),
      abn: abn(),
      investment_focus: null,
      typical_deal_size_min: null,
      typical_deal_size_max: null,
    });
  }
  const funderIds = [];
  for (let i = 1; i <= funderCount; i++) {
    const id = r.textId();
    funderIds.push(id);
    users.push({
      id,
      name: personName(),
      email: `funder${String(i).padStart(4, '0')}@bench.plinth.local`,
      role: 'funder',
      approved: true,
      subscription_status: 'active',
      subscription_period_end: new Date(now + r.between(1, 30) * DAY),
      created_at: since(600),
    });
    const min = roundTo(Math.exp(Math.log(1_000_000) + 0.8 * r.normal()), 100_000) || 100_000;
    profiles.push({
      user_id: id,
      company_name: `${r.pick(LAST_NAMES)} ${r.pick(['Capital', 'Credit', 'Partners', 'Finance'])}`,
      company_type: r.pick(FUNDER_TYPES),
      phone: phone(),
      abn: abn(),
      investment_focus: pickFocus(),
      typical_deal_size_min: min,
      typical_deal_size_max: min * r.pick([5, 10, 20, 40]),
    });
  }

  const projects = [];
  for (let i = 0; i < projectCount; i++) {
    // A few developers own many projects, most own a few.
    const owner = developers[Math.floor(developerCount * r.next() ** 1.6)];
    const state = pickState();
    const [suburb, postcode, lat, lng] = pickSuburb[state]();
    const type = pickType();
    const stage = pickStage();
    const loan = loanAmount(r);
    const money = financials(r, loan);
    const created = Math.max(owner.created.getTime(), now - 730 * DAY * r.next() ** 1.3);
    const listing = pickListing();
    const [costLo, costHi] = COST_PER_SQM[type];
    const size =
      r.next() < 0.03 ? null : Math.max(50, Math.round(money.total_project_cost / r.between(costLo, costHi)));
    const units =
      type === 'Residential' || type === 'Mixed Use'
        ? Math.max(1, Math.round((size ?? 400) / r.between(80, 130)))
        : r.int(1, 20);
    const levels = Math.min(60, Math.max(1, Math.round(Math.sqrt(units) * r.between(0.4, 1.2))));
    const start = created + r.between(-200, 270) * DAY;
    const term = r.pick([12, 18, 24, 30, 36]);
    const counted = (type === 'Residential' || type === 'Mixed Use') && r.next() < 0.6;
    const title = `${counted ? `${units} ` : ''}${r.pick(TITLE_WORDS[type])}, ${suburb}`;
    const p = {
      id: r.uuid(),
      borrower_id: owner.id,
      title,
      description: `${type} development in ${suburb} ${state}: ${units} units over ${levels} levels, currently ${stage.toLowerCase()}.`,
      location: `${r.int(1, 400)} ${r.pick(STREETS)} ${r.pick(STREET_KINDS)}, ${suburb} ${state} ${postcode}`,
      suburb,
      city: suburb,
      state,
      postcode,
      latitude: +(lat + r.between(-0.02, 0.02)).toFixed(6),
      longitude: +(lng + r.between(-0.02, 0.02)).toFixed(6),
      property_type: type,
      development_stage: stage,
      loan_amount: loan,
      interest_rate: +r.between(7.5, 14.5).toFixed(2),
      loan_term: term,
      ...money,
      project_size_sqm: size,
      number_of_units: units,
      number_of_levels: levels,
      car_spaces: Math.round(units * r.between(0.8, 1.5)),
      zoning: r.pick(ZONING[type]),
      planning_permit_status: pickPermit[stage](),
      expected_start_date: isoDate(start),
      expected_completion_date: isoDate(start + term * 30 * DAY),
      market_risk_rating: pickRisk(),
      construction_risk_rating: pickRisk(),
      location_risk_rating: pickRisk(),
      payment_status:
        listing === 'published' || listing === 'rejected'
          ? 'paid'
          : listing === 'payment_pending'
            ? 'payment_pending'
            : 'unpaid',
      visible: listing === 'published',
      submission_status: listing === 'draft' ? null : listing === 'rejected' ? 'rejected' : 'submitted',
      last_rejection_reason:
        listing === 'rejected' ? 'The feasibility study does not support the stated end value.' : null,
      rejection_date: listing === 'rejected' ? new Date(created + 3 * DAY) : null,
      documents_complete: listing !== 'draft',
      payment_date:
        listing === 'published' || listing === 'rejected'
          ? new Date(created + r.between(0.1, 2) * DAY)
          : null,
      created_at: new Date(created),
      updated_at: new Date(created + r.between(0, 3) * DAY),
    };
    if (!financialsValid(p)) throw new Error(`generated project breaks the rules: ${JSON.stringify(p)}`);
    projects.push(p);
  }

  // Access requests: each funder asks about a few recent listings (requests lean to the newest),
  // the benchmark's funder too, so its first pages leave some listings out and show declined ones.
  const market = projects.filter((p) => p.visible).sort((a, b) => b.created_at - a.created_at);
  const ownerOf = new Map(projects.map((p) => [p.id, p.borrower_id]));
  const requests = [];
  const deals = [];
  const addRequests = (funderId, count, lean) => {
    const asked = new Set();
    for (let n = 0; n < count; n++) {
      const project = market[Math.floor(market.length * r.next() ** lean)];
      if (asked.has(project.id)) continue;
      asked.add(project.id);
      const status = pickAccess();
      const requested =
        project.created_at.getTime() + (now - project.created_at.getTime()) * r.between(0.05, 0.9);
      const decided = requested + (now - requested) * r.between(0.05, 0.5);
      const id = r.uuid();
      requests.push({
        id,
        funder_id: funderId,
        project_id: project.id,
        status,
        initial_message:
          r.next() < 0.6
            ? `Hi, we lend on ${project.property_type.toLowerCase()} projects in ${project.suburb} and would like to see the full file.`
            : null,
        requested_at: new Date(requested),
        approved_at: status === 'pending' || status === 'declined' ? null : new Date(decided),
        declined_at: status === 'declined' ? new Date(decided) : null,
        updated_at: new Date(status === 'pending' ? requested : decided),
      });
      if (status === 'due_diligence' || status === 'term_sheet' || status === 'funded') {
        const completed = status === 'funded';
        deals.push({
          id: r.uuid(),
          project_id: project.id,
          access_request_id: id,
          borrower_id: ownerOf.get(project.id),
          funder_id: funderId,
          status: completed ? 'completed' : 'open',
          created_at: new Date(decided),
          completed_at: completed ? new Date(decided + (now - decided) * 0.5) : null,
          completed_by: completed ? funderId : null,
        });
      }
    }
  };
  for (const funderId of funderIds) addRequests(funderId, r.int(5, 30), 2.5);
  if (benchFunderId) addRequests(benchFunderId, 60, 4);

  return { users, profiles, projects, requests, deals, funderIds };
}

// ---------------------------------------------------------------------------------------------
// Loading

/** Column name and PostgreSQL array type, per table. */
const COLUMNS = {
  user: {
    id: 'text',
    name: 'text',
    email: 'text',
    role: 'text',
    approved: 'boolean',
    subscription_status: 'text',
    subscription_period_end: 'timestamptz',
    created_at: 'timestamptz',
  },
  profile: {
    user_id: 'text',
    company_name: 'text',
    company_type: 'text',
    phone: 'text',
    abn: 'text',
    investment_focus: 'text',
    typical_deal_size_min: 'numeric',
    typical_deal_size_max: 'numeric',
  },
  project: {
    id: 'uuid',
    borrower_id: 'text',
    title: 'text',
    description: 'text',
    location: 'text',
    suburb: 'text',
    city: 'text',
    state: 'text',
    postcode: 'text',
    latitude: 'numeric',
    longitude: 'numeric',
    property_type: 'text',
    development_stage: 'text',
    loan_amount: 'numeric',
    interest_rate: 'numeric',
    loan_term: 'integer',
    total_project_cost: 'numeric',
    equity_contribution: 'numeric',
    land_value: 'numeric',
    construction_cost: 'numeric',
    expected_gdc: 'numeric',
    expected_profit: 'numeric',
    project_size_sqm: 'numeric',
    number_of_units: 'integer',
    number_of_levels: 'integer',
    car_spaces: 'integer',
    zoning: 'text',
    planning_permit_status: 'text',
    expected_start_date: 'date',
    expected_completion_date: 'date',
    market_risk_rating: 'text',
    construction_risk_rating: 'text',
    location_risk_rating: 'text',
    payment_status: 'text',
    visible: 'boolean',
    submission_status: 'text',
    last_rejection_reason: 'text',
    rejection_date: 'timestamptz',
    documents_complete: 'boolean',
    payment_date: 'timestamptz',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  },
  access_request: {
    id: 'uuid',
    funder_id: 'text',
    project_id: 'uuid',
    status: 'text',
    initial_message: 'text',
    requested_at: 'timestamptz',
    approved_at: 'timestamptz',
    declined_at: 'timestamptz',
    updated_at: 'timestamptz',
  },
  deal: {
    id: 'uuid',
    project_id: 'uuid',
    access_request_id: 'uuid',
    borrower_id: 'text',
    funder_id: 'text',
    status: 'text',
    created_at: 'timestamptz',
    completed_at: 'timestamptz',
    completed_by: 'text',
  },
};

/** Inserts rows into `table` with one `insert ... select from unnest(...)` per batch. */
export async function insertRows(client, table, rows, batch = 5000) {
  const columns = Object.entries(COLUMNS[table]);
  const list = columns.map(([name]) => `"${name}"`).join(', ');
  const arrays = columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
  const text = `insert into "${table}" (${list}) select * from unnest(${arrays})`;
  for (let start = 0; start < rows.length; start += batch) {
    const slice = rows.slice(start, start + batch);
    const values = columns.map(([name]) =>
      slice.map((row) => (row[name] instanceof Date ? row[name].toISOString() : (row[name] ?? null))),
    );
    await client.query(text, values);
  }
}

/**
 * Loads generated data into `schema` (migrated already). The marketplace summary trigger is off
 * while the projects go in; the summary is rebuilt once afterwards, and the tables are vacuumed
 * and analysed (the steady state autovacuum would reach) so the planner sees real statistics, and
 * a checkpoint writes the load out before anything is measured.
 */
export async function load(client, schema, data, log = () => {}) {
  await client.query(`set search_path to "${schema}", public`);
  await client.query('begin');
  try {
    await insertRows(client, 'user', data.users);
    await insertRows(client, 'profile', data.profiles);
    await client.query('alter table project disable trigger project_marketplace_summary');
    let t = performance.now();
    await insertRows(client, 'project', data.projects);
    log(`projects inserted in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    await client.query('alter table project enable trigger project_marketplace_summary');
    t = performance.now();
    await client.query('select marketplace_summary_rebuild()');
    log(`marketplace_summary rebuilt in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    await insertRows(client, 'access_request', data.requests);
    await insertRows(client, 'deal', data.deals);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
  const t = performance.now();
  for (const table of [
    'user',
    'profile',
    'project',
    'access_request',
    'deal',
    'marketplace_summary',
    'session',
  ]) {
    await client.query(`vacuum (analyze) "${schema}"."${table}"`);
  }
  // Written out now rather than by a checkpoint in the middle of the measurements.
  await client.query('checkpoint');
  log(`vacuum analyze in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}
