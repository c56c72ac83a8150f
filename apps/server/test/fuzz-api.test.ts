import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { createEngaged } from './support/deals';
import { certifiedDraw, createFacilityWorld } from './support/facilities';

// Issue 12 item 5: property-based requests against every operation in the OpenAPI document, as
// each kind of caller, with the seed printed. Whatever the path parameters, query and JSON body:
// never a 5xx, every 4xx in the {error, code, details} shape, and a refused request stores nothing.

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 8);

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyKeys: string[] | null;
}

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
        produces?: string[];
        responses?: Record<string, { content?: Record<string, unknown> }>;
      }
    >
  >;
};

/** Never-ending live streams cannot be answered by an in-process request; every other operation is fuzzed. */
const isLiveStream = (path: string, method: string) => method === 'get' && path === '/api/events';

function operationsOf(spec: OpenApi): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method) || isLiveStream(path, method)) continue;
      const params = op.parameters ?? [];
      const json = op.requestBody?.content['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        bodyKeys: json ? Object.keys(json.properties ?? {}) : op.requestBody ? [] : null,
      });
    }
  }
  // Signing out ends the caller's session: fuzzed last, so every other operation meets signed-in callers.
  return operations.sort(
    (a, b) => Number(a.path === '/api/auth/sign-out') - Number(b.path === '/api/auth/sign-out'),
  );
}

let t: TestApp;
let actors: Record<string, TestUser | null>;
let realIds: string[];
let operations: Operation[];
let countAll: () => Promise<Record<string, number>>;

beforeAll(async () => {
  t = await buildTestApp();
  const world = await createEngaged(t);
  const admin = await createUser(t.app, { role: 'admin', name: 'Fuzz Admin' });
  // Issue 33: a facility with a certified draw, and its quantity surveyor as a caller of its own.
  const facility = await createFacilityWorld(t);
  const draw = await certifiedDraw(t, facility, [{ line: 'C1', claimed: 1_000_000 }]);
  actors = {
    anonymous: null,
    developer: world.developer,
    funder: world.funder,
    admin,
    surveyor: facility.surveyor,
  };
  realIds = [
    facility.facilityId,
    draw.id,
    facility.lines.C1!,
    world.projectId,
    world.dealId,
    world.accessRequestId,
    world.developer.id,
    world.funder.id,
    admin.id,
  ];
  const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi;
  operations = operationsOf(spec);

  // One round trip counting every table's rows, to tell whether a refused request stored anything.
  const tables = (
    await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
      order by table_name`.execute(t.database.db)
  ).rows.map((r) => r.table_name);
  const counts = sql.join(
    tables.map((name) => sql`(select count(*)::int from ${sql.table(name)}) as ${sql.ref(name)}`),
  );
  countAll = async () =>
    (await sql<Record<string, number>>`select ${counts}`.execute(t.database.db)).rows[0]!;
});
afterAll(() => t.close());

const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '-1',
    '0',
    '1e309',
    'NaN',
    'null',
    '%00',
    '../../etc/passwd',
    "' or 1=1 --",
    'DELETE',
  ),
);
const anyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.uuid(),
);

function requestFor(op: Operation) {
  const pathValue = fc.oneof(fc.uuid(), text, fc.integer().map(String), fc.constantFrom(...realIds));
  const query = fc.dictionary(fc.constantFrom(...op.queryParams, 'page', 'limit', 'x'), text, { maxKeys: 4 });
  const body =
    op.bodyKeys === null
      ? fc.constant(undefined)
      : fc.oneof(
          fc.jsonValue({ maxDepth: 2 }),
          op.bodyKeys.length > 0
            ? fc.dictionary(
                fc.constantFrom(...op.bodyKeys),
                fc.oneof(anyValue, fc.constantFrom(...realIds)),
                {
                  maxKeys: op.bodyKeys.length,
                },
              )
            : fc.constant({}),
        );
  return fc.record({
    params: fc.tuple(...op.pathParams.map(() => pathValue)),
    query,
    body,
    actor: fc.constantFrom(...Object.keys(actors)),
  });
}

function urlOf(op: Operation, params: string[], query: Record<string, string>) {
  let i = 0;
  const path = op.path.replace(/\{\w+\}/g, () => encodeURIComponent(params[i++] || 'x'));
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

const errorShape = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { error?: unknown }).error === 'string' &&
  typeof (body as { code?: unknown }).code === 'string' &&
  ((body as { details?: unknown }).details === undefined ||
    Array.isArray((body as { details?: unknown }).details));

describe(`fuzzing every API operation (seed ${SEED}, ${RUNS_PER_OPERATION} requests per operation)`, () => {
  it('finds the operations to fuzz in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  it('never answers 5xx; every 4xx is {error, code, details}; a refused request stores nothing', async () => {
    const problems: string[] = [];
    const answered = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
    let requests = 0;
    for (const [index, op] of operations.entries()) {
      await fc.assert(
        fc.asyncProperty(requestFor(op), async ({ params, query, body, actor }) => {
          const url = urlOf(op, params, query);
          const before = await countAll();
          const res = await as(t.app, actors[actor] ?? null, {
            method: op.method as 'GET',
            url,
            ...(body === undefined
              ? {}
              : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
          });
          requests++;
          answered[`${Math.floor(res.statusCode / 100)}xx` as keyof typeof answered]++;
          const where = `${op.method} ${url} as ${actor} → ${res.statusCode}`;
          if (res.statusCode >= 500) problems.push(`${where}: ${res.body.slice(0, 200)}`);
          if (res.statusCode >= 400 && res.statusCode < 500) {
            let parsed: unknown = null;
            try {
              parsed = res.json();
            } catch {
              parsed = null;
            }
            if (!errorShape(parsed))
              problems.push(`${where}: not the error shape: ${res.body.slice(0, 200)}`);
            const after = await countAll();
            const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
            if (changed.length > 0) problems.push(`${where}: refused but changed ${changed.join(', ')}`);
          }
        }),
        { seed: SEED + index, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
      );
    }
    expect(requests).toBe(operations.length * RUNS_PER_OPERATION);
    // Both sides were exercised: requests that got through and requests that were refused.
    expect(answered['2xx']).toBeGreaterThan(operations.length / 4);
    expect(answered['4xx']).toBeGreaterThan(requests / 2);
    expect(problems).toEqual([]);
    // About 1,400 requests, each between two counts of every table (loan administration added 16
    // tables and 33 operations): 300 s in all on 2 loaded cores, so it is given 600 s.
  }, 600_000);
});
