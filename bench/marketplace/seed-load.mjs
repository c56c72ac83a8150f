// Loading the benchmark's generated rows into a migrated PostgreSQL schema (seed.mjs generates them).

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
    await client.query('alter table project disable trigger project_marketplace_summary_insert');
    let t = performance.now();
    await insertRows(client, 'project', data.projects);
    log(`projects inserted in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    await client.query('alter table project enable trigger project_marketplace_summary_insert');
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
    // One row per listing from the market_change trigger, as every listing's first write leaves.
    'market_change',
    // One row per funder with a request, from the funder_change triggers.
    'funder_change',
    'session',
  ]) {
    await client.query(`vacuum (analyze) "${schema}"."${table}"`);
  }
  // Written out now rather than by a checkpoint in the middle of the measurements.
  await client.query('checkpoint');
  log(`vacuum analyze in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}
