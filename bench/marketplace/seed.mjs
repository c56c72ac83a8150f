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

/** mulberry32: a small, fast, seedable generator (also bench/alerts' criteria). */
export function generator(seed) {
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

import {
  ACCESS_STATUSES,
  COST_PER_SQM,
  FIRST_NAMES,
  FOCUSES,
  FUNDER_TYPES,
  LAST_NAMES,
  LISTING_STATES,
  PERMITS_BY_STAGE,
  PROPERTY_TYPES,
  STAGES,
  STATES,
  STREET_KINDS,
  STREETS,
  TITLE_WORDS,
  ZONING,
} from './seed-data.mjs';

export { insertRows, load } from './seed-load.mjs';

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
