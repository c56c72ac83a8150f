import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, type TestApp } from './helpers';
import { type Actor, actors, expected, knownDeviations, type Outcome } from './permission-matrix.expected';
import type { Cell } from './support/permission-fresh';
import { buildWorld, type World } from './support/permission-world';

/**
 * The permission matrix (issue 12 item 4, decision 023): every operation of the OpenAPI document,
 * called as each of seven actors against real objects (support/permission-world.ts), its answer's
 * class compared with the checked-in table (permission-matrix.expected.ts). A documented operation
 * without a row fails, and so does a row whose operation is gone.
 */

import { recipes, requestFor } from './support/permission-recipes';

/** What a status says about authorisation: past it (2xx, or a refusal of the body or state), or not. */
function classify(status: number): Outcome | `error ${number}` {
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if ((status >= 200 && status < 300) || [400, 409, 413, 415, 422, 429].includes(status)) return 'allow';
  return `error ${status}`;
}

// ---------------------------------------------------------------------------------------------

let t: TestApp;
let world: World;
let operations: { operation: string; hasBody: boolean }[];

beforeAll(async () => {
  t = await buildTestApp();
  world = await buildWorld(t);
  const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { requestBody?: unknown }>>;
  };
  operations = Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      operation: `${method.toUpperCase()} ${path}`,
      hasBody: op.requestBody !== undefined,
    })),
  );
}, 120_000);
afterAll(() => t?.close());

describe('permission matrix', () => {
  it('has a row for every documented operation, and none for an operation that is gone', () => {
    const documented = new Set(operations.map((o) => o.operation));
    expect(operations.length).toBeGreaterThan(100);
    expect({
      missingRows: [...documented].filter((o) => !(o in expected)).sort(),
      staleRows: Object.keys(expected)
        .filter((o) => !documented.has(o))
        .sort(),
      staleRecipes: Object.keys(recipes)
        .filter((o) => !documented.has(o))
        .sort(),
    }).toEqual({ missingRows: [], staleRows: [], staleRecipes: [] });
  });

  it('has a body for every operation that takes one', () => {
    const missing = operations.filter(
      (o) => o.hasBody && !recipes[o.operation]?.body && !recipes[o.operation]?.multipart,
    );
    expect(missing.map((o) => o.operation)).toEqual([]);
  });

  it('answers every cell as the table says: 0 unexpected allows, 0 unexpected refusals', async () => {
    const actual: Record<string, Record<Actor, string>> = {};
    const raw: Record<string, Record<Actor, string>> = {};
    const ordered = [
      ...operations.filter((o) => !recipes[o.operation]?.last),
      ...operations.filter((o) => recipes[o.operation]?.last),
    ];
    for (const { operation } of ordered) {
      const recipe = recipes[operation] ?? {};
      const row = {} as Record<Actor, string>;
      const rawRow = {} as Record<Actor, string>;
      for (const actor of actors) {
        const cell: Cell = {
          w: world,
          actor,
          user: actor === 'anonymous' ? null : world.users[actor],
          ids: world.ids,
          values: {},
        };
        if (recipe.fresh) {
          const fresh = await recipe.fresh(cell);
          cell.ids = { ...world.ids, ...fresh.ids };
          cell.values = fresh.values ?? {};
          if (fresh.user !== undefined) cell.user = fresh.user;
        }
        const res = await as(t.app, cell.user, requestFor(operation, recipe, cell));
        if (recipe.stream) res.stream().destroy();
        row[actor] = classify(res.statusCode);
        const code = recipe.stream ? undefined : /"code":"(\w+)"/.exec(res.body)?.[1];
        rawRow[actor] = code ? `${res.statusCode} ${code}` : String(res.statusCode);
      }
      actual[operation] = row;
      raw[operation] = rawRow;
    }
    // For diagnosis: every cell's status and error code, as JSON.
    if (process.env.PERMISSION_MATRIX_DUMP) {
      writeFileSync(process.env.PERMISSION_MATRIX_DUMP, JSON.stringify(raw, null, 2));
    }

    const mismatches: { cell: string; expected: string; actual: string; status: string }[] = [];
    for (const [operation, row] of Object.entries(actual)) {
      for (const actor of actors) {
        const want = expected[operation]?.[actor];
        if (want !== undefined && row[actor] !== want) {
          mismatches.push({
            cell: `${operation} as ${actor}`,
            expected: want,
            actual: row[actor],
            status: raw[operation]![actor],
          });
        }
      }
    }
    const key = (m: { cell: string; actual: string }) => `${m.cell} -> ${m.actual}`;
    const tolerated = new Set(knownDeviations.map(key));
    const unexplained = mismatches.filter((m) => !tolerated.has(key(m)));
    const fixed = knownDeviations.filter((d) => !mismatches.some((m) => key(m) === key(d)));
    const allows = unexplained.filter((m) => m.actual === 'allow').length;
    const refusals = unexplained.filter((m) => m.expected === 'allow').length;
    const summary =
      `${Object.keys(actual).length} operations x ${actors.length} actors = ` +
      `${Object.keys(actual).length * actors.length} cells: ${allows} unexpected allows, ` +
      `${refusals} unexpected refusals, ${unexplained.length - allows - refusals} other mismatches ` +
      `(a refusal of the wrong kind, an error), ${knownDeviations.length} known deviations`;
    console.info(`permission matrix: ${summary}`);
    const report = [
      ...unexplained.map((m) => `${m.cell}: expected ${m.expected}, got ${m.actual} (${m.status})`),
      ...fixed.map((d) => `known deviation no longer happens, remove it: ${key(d)}`),
    ];
    expect(report.length === 0 ? '' : [summary, ...report].join('\n')).toBe('');
    // About 800 calls and the fresh objects of a hundred-odd cells: on a busy two-core machine this
    // takes over the suite's 90 s per test.
  }, 240_000);
});
