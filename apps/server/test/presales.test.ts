import { presaleMessages } from '@plinth/domain/presales';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, type TestApp } from './helpers';
import { createStrangers } from './support/deals';
import { call, certifiedDraw, createFacilityWorld, type FacilityWorld } from './support/facilities';
import { createWorldPresale, presaleBody } from './support/presale-world';

// Issue 34 item 4 through the API: the presale register (add, list, import, remove), the
// qualification thresholds and the presale cover with its timeline and sunset warnings; who may do
// what (anonymous 401, another role 403, a stranger 404) and the refusals (400, 409).

let t: TestApp;
let w: FacilityWorld;
let strangers: Awaited<ReturnType<typeof createStrangers>>;

beforeAll(async () => {
  t = await buildTestApp();
  strangers = await createStrangers(t);
  w = await createFacilityWorld(t);
});
afterAll(() => t.close());

const post = (user: Parameters<typeof as>[1], url: string, payload: unknown) =>
  as(t.app, user, { method: 'POST', url, payload: payload as Record<string, unknown> });
const get = (user: Parameters<typeof as>[1], url: string) => as(t.app, user, { method: 'GET', url });

describe('the register', () => {
  it('the developer adds a presale; every party and admins read it; others are refused', async () => {
    const url = `/api/facilities/${w.facilityId}/presales`;
    const created = await call(
      t,
      w.developer,
      { method: 'POST', url, payload: presaleBody({ lot: 'A1' }) },
      201,
    );
    expect(created).toMatchObject({
      facility_id: w.facilityId,
      lot: 'A1',
      price_ex_gst_cents: 90_000_000,
      deposit_form: 'cash',
      bond_expiry: null,
      status: 'exchanged',
      settlement: null,
    });
    // Writers: the developer alone.
    expect((await post(w.funder, url, presaleBody({ lot: 'A2' }))).statusCode).toBe(403);
    expect((await post(w.surveyor, url, presaleBody({ lot: 'A2' }))).statusCode).toBe(403);
    expect((await post(strangers.admin, url, presaleBody({ lot: 'A2' }))).statusCode).toBe(403);
    const stranger = await post(strangers.developer, url, presaleBody({ lot: 'A2' }));
    expect(stranger.statusCode).toBe(404);
    expect((await post(null, url, presaleBody({ lot: 'A2' }))).statusCode).toBe(401);
    // Readers: every party and admins; a stranger is told there is no such facility.
    for (const user of [w.developer, w.funder, w.surveyor, strangers.admin]) {
      const res = await get(user, url);
      expect(res.statusCode).toBe(200);
      expect(res.json().items.map((p: { lot: string }) => p.lot)).toContain('A1');
    }
    expect((await get(strangers.funder, url)).statusCode).toBe(404);
    expect((await get(null, url)).statusCode).toBe(401);
    const one = await call(t, w.surveyor, { method: 'GET', url: `/api/presales/${created.id}` });
    expect(one.id).toBe(created.id);
    expect((await get(strangers.developer, `/api/presales/${created.id}`)).json().error).toBe(
      presaleMessages.notFound,
    );
  });

  it('bad bodies are 400 with each field named; a lot already on the register is 409', async () => {
    const url = `/api/facilities/${w.facilityId}/presales`;
    const shape = await post(
      w.developer,
      url,
      presaleBody({ lot: '', price_ex_gst_cents: -1, deposit_form: 'iou' }),
    );
    expect(shape.statusCode).toBe(400);
    expect(shape.json().details.map((d: { message: string }) => d.message)).toEqual([
      'lot is required',
      'price_ex_gst_cents must be above 0',
      "deposit_form must be 'cash' or 'bond'",
    ]);
    const cross = await post(
      w.developer,
      url,
      presaleBody({ lot: 'X9', deposit_form: 'bond', deposit_cents: 100_000_000, sunset_on: '2026-01-01' }),
    );
    expect(cross.statusCode).toBe(400);
    expect(cross.json().details).toEqual([
      { field: 'deposit_cents', message: 'The deposit cannot be more than the price' },
      { field: 'bond_expiry', message: 'A deposit bond needs its expiry date (bond_expiry)' },
      { field: 'sunset_on', message: 'The sunset date must be after the exchange date' },
    ]);
    await createWorldPresale(t, w, { lot: 'DUP' });
    const again = await post(w.developer, url, presaleBody({ lot: 'DUP' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(presaleMessages.lotTaken);
  });

  it('pages through the register with a cursor; a made-up cursor is 400', async () => {
    const other = await createFacilityWorld(t);
    for (const lot of ['P1', 'P2', 'P3']) await createWorldPresale(t, other, { lot });
    const url = `/api/facilities/${other.facilityId}/presales`;
    const first = await call(t, other.funder, { method: 'GET', url: `${url}?limit=2` });
    expect(first.items.map((p: { lot: string }) => p.lot)).toEqual(['P1', 'P2']);
    const second = await call(t, other.funder, {
      method: 'GET',
      url: `${url}?limit=2&cursor=${first.next_cursor}`,
    });
    expect(second.items.map((p: { lot: string }) => p.lot)).toEqual(['P3']);
    expect(second.next_cursor).toBeNull();
    expect((await get(other.funder, `${url}?cursor=nonsense`)).statusCode).toBe(400);
  });

  it('the developer removes an unsettled presale (204); others may not', async () => {
    const id = await createWorldPresale(t, w);
    expect((await as(t.app, w.funder, { method: 'DELETE', url: `/api/presales/${id}` })).statusCode).toBe(
      403,
    );
    expect(
      (await as(t.app, strangers.developer, { method: 'DELETE', url: `/api/presales/${id}` })).statusCode,
    ).toBe(404);
    expect((await as(t.app, w.developer, { method: 'DELETE', url: `/api/presales/${id}` })).statusCode).toBe(
      204,
    );
    expect((await get(w.developer, `/api/presales/${id}`)).statusCode).toBe(404);
    expect((await as(t.app, w.developer, { method: 'DELETE', url: `/api/presales/${id}` })).statusCode).toBe(
      404,
    );
  });
});

describe('CSV import', () => {
  const header =
    'lot,purchaser_name,price_ex_gst,deposit,deposit_form,bond_expiry,related_party,exchanged_on,sunset_on';

  it('every row error at once and nothing saved; then the whole file; the funder may not import', async () => {
    const other = await createFacilityWorld(t);
    const url = `/api/facilities/${other.facilityId}/presales/import`;
    const send = (user: Parameters<typeof as>[1], csv: string) =>
      as(t.app, user, { method: 'POST', url, headers: { 'content-type': 'text/csv' }, payload: csv });
    const bad = await send(
      other.developer,
      `${header}\n1,Ann Lee,"$800,000.00",80000,cash,,no,2026-02-01,2027-12-31\n2,Bo Chen,abc,1,cash,,no,2026-02-01,2027-12-31\n3,Cy Dunn,500000,50000,bond,,maybe,31/02/2026,2027-12-31\n1,Dup,500000,50000,cash,,no,2026-02-01,2027-12-31\n`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { message: string }) => d.message)).toEqual([
      'Row 3: price_ex_gst must be dollars with at most two decimals',
      'Row 4: related_party must be true or false',
      'Row 4: exchanged_on must be a real date (YYYY-MM-DD)',
      'Row 5: lot 1 is already on row 2',
    ]);
    expect(
      (await call(t, other.developer, { method: 'GET', url: `/api/facilities/${other.facilityId}/presales` }))
        .items,
    ).toEqual([]);
    const missing = await send(other.developer, 'lot,purchaser_name\n1,A\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(
      'The CSV is missing the column(s): deposit_form, exchanged_on, sunset_on, price_ex_gst_cents, deposit_cents',
    );
    expect((await send(other.funder, `${header}\n`)).statusCode).toBe(403);
    const ok = await send(
      other.developer,
      `${header}\n1,Ann Lee,"$800,000.00",80000,cash,,no,2026-02-01,2027-12-31\n2,Bo Chen,600000,60000,bond,15/02/2028,yes,1/3/2026,31/12/2027\n`,
    );
    expect(ok.statusCode).toBe(201);
    expect(
      ok
        .json()
        .items.map((p: Record<string, unknown>) => [
          p.lot,
          p.price_ex_gst_cents,
          p.bond_expiry,
          p.related_party,
          p.exchanged_on,
        ]),
    ).toEqual([
      ['1', 80_000_000, null, false, '2026-02-01'],
      ['2', 60_000_000, '2028-02-15', true, '2026-03-01'],
    ]);
    // A lot already on the register is named by its row; nothing of the file is saved.
    const dup = await send(
      other.developer,
      `${header}\n9,New,100000,10000,cash,,no,2026-02-01,2027-12-31\n2,Again,100000,10000,cash,,no,2026-02-01,2027-12-31\n`,
    );
    expect(dup.statusCode).toBe(400);
    expect(dup.json().details).toEqual([
      { field: 'row 3.lot', message: 'Row 3: lot 2 is already on the register' },
    ]);
  });
});

describe('thresholds and cover', () => {
  it('cover = qualifying total ÷ limit; each failing presale with its reasons; a delay turns the sunset warning on', async () => {
    const c = await createFacilityWorld(t);
    const add = (overrides: Record<string, unknown>) => createWorldPresale(t, c, overrides);
    await add({
      lot: '1',
      price_ex_gst_cents: 50_000_000,
      deposit_cents: 5_000_000,
      sunset_on: '2027-12-31',
    });
    await add({ lot: '2', price_ex_gst_cents: 40_000_000, deposit_cents: 3_999_999 });
    await add({ lot: '3', related_party: true });
    await add({
      lot: '4',
      price_ex_gst_cents: 20_000_000,
      deposit_cents: 2_000_000,
      deposit_form: 'bond',
      bond_expiry: '2028-01-31',
      sunset_on: '2027-12-31',
    });
    await add({ lot: '5', sunset_on: '2027-09-29' });
    const url = `/api/facilities/${c.facilityId}/presale-cover`;
    const cover = await call(t, c.surveyor, { method: 'GET', url });
    expect(cover).toMatchObject({
      limit_cents: 1_200_000_000,
      qualifying_total_cents: 70_000_000,
      qualifying_bond_total_cents: 20_000_000,
      cover_bps: 583,
      cover_ratio: 0.0583,
      open_presales: 5,
      contract_completion_date: '2027-03-31',
      forecast_completion_date: '2027-03-31',
      settings: {
        min_deposit_bps: 1000,
        max_bond_share_bps: 3500,
        bond_months_after_sunset: 1,
        sunset_months_after_completion: 6,
      },
      warnings: [
        {
          lot: '5',
          sunset_on: '2027-09-29',
          buffer_days: 182,
          message:
            'Lot 5: forecast completion on 2027-03-31 leaves 182 days before its sunset date 2027-09-29, under the 6 months required',
        },
      ],
    });
    expect(
      cover.non_qualifying.map((n: { lot: string; reasons: { code: string }[] }) => [
        n.lot,
        n.reasons.map((r) => r.code),
      ]),
    ).toEqual([
      ['2', ['deposit_too_small']],
      ['3', ['related_party']],
      ['5', ['sunset_too_soon']],
    ]);
    expect(cover.timeline[0]).toEqual({
      date: '2027-03-31',
      kind: 'contract_completion',
      presale_id: null,
      lot: null,
    });
    expect(cover.timeline.filter((e: { kind: string }) => e.kind === 'bond_expiry')).toHaveLength(1);
    for (const user of [c.developer, c.funder, strangers.admin])
      expect((await get(user, url)).statusCode).toBe(200);
    expect((await get(strangers.developer, url)).statusCode).toBe(404);
    expect((await get(null, url)).statusCode).toBe(401);

    // The surveyor reports 100 days' delay: lots 1 and 4 (sunset 31 December 2027) lose their buffer.
    await certifiedDraw(t, c, [{ line: 'L1', claimed: 100_000 }], 100);
    const late = await call(t, c.funder, { method: 'GET', url });
    expect(late.forecast_completion_date).toBe('2027-07-09');
    expect(late.qualifying_total_cents).toBe(0);
    expect(late.warnings.map((x: { lot: string; buffer_days: number }) => [x.lot, x.buffer_days])).toEqual([
      ['1', 175],
      ['2', 175],
      ['3', 175],
      ['4', 175],
      ['5', 82],
    ]);
    expect(late.timeline[1]).toMatchObject({ date: '2027-07-09', kind: 'forecast_completion' });

    // The funder loosens the sunset rule to 3 months: lots 1 and 4 count again; lot 5 still not.
    const settingsUrl = `/api/facilities/${c.facilityId}/presale-settings`;
    expect(
      (
        await as(t.app, c.developer, {
          method: 'PUT',
          url: settingsUrl,
          payload: { sunset_months_after_completion: 3 },
        })
      ).statusCode,
    ).toBe(403);
    const bad = await as(t.app, c.funder, {
      method: 'PUT',
      url: settingsUrl,
      payload: { min_deposit_bps: 10_001 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('min_deposit_bps cannot be above 10000 (100%)');
    const set = await call(t, c.funder, {
      method: 'PUT',
      url: settingsUrl,
      payload: { sunset_months_after_completion: 3 },
    });
    expect(set).toEqual({
      min_deposit_bps: 1000,
      max_bond_share_bps: 3500,
      bond_months_after_sunset: 1,
      sunset_months_after_completion: 3,
    });
    expect(await call(t, c.surveyor, { method: 'GET', url: settingsUrl })).toEqual(set);
    const loose = await call(t, c.funder, { method: 'GET', url });
    expect(loose.qualifying_total_cents).toBe(50_000_000 + 20_000_000);
    expect(loose.warnings.map((x: { lot: string }) => x.lot)).toEqual(['5']);
  });
});

describe('the rest of the refusals', () => {
  it('anonymous 401 and a stranger 404 on every other presale route; admins read but never write', async () => {
    const id = await createWorldPresale(t, w);
    const f = `/api/facilities/${w.facilityId}`;
    const csv = { 'content-type': 'text/csv' };
    const cases: [string, string, Record<string, unknown> | string | undefined, Record<string, string>?][] = [
      ['POST', `${f}/presales/import`, 'lot,purchaser_name\n', csv],
      ['GET', `/api/presales/${id}`, undefined],
      ['DELETE', `/api/presales/${id}`, undefined],
      ['GET', `${f}/presale-settings`, undefined],
      ['PUT', `${f}/presale-settings`, { min_deposit_bps: 1000 }],
      ['GET', `${f}/settlements`, undefined],
      ['GET', `${f}/closing-statement.pdf`, undefined],
    ];
    for (const [method, url, payload, headers] of cases) {
      const options = {
        method: method as 'GET',
        url,
        ...(payload ? { payload } : {}),
        ...(headers ? { headers } : {}),
      };
      expect((await as(t.app, null, options)).statusCode, `${method} ${url} anonymous`).toBe(401);
      // The stranger of the route's role: a developer for the developer's writes, a funder otherwise.
      const stranger = method === 'POST' || method === 'DELETE' ? strangers.developer : strangers.funder;
      expect((await as(t.app, stranger, options)).statusCode, `${method} ${url} stranger`).toBe(404);
    }
    expect(
      (await as(t.app, strangers.admin, { method: 'PUT', url: `${f}/presale-settings`, payload: {} }))
        .statusCode,
    ).toBe(403);
    expect((await get(strangers.admin, `${f}/settlements`)).json()).toEqual({ items: [] });
    expect((await get(strangers.admin, `/api/presales/${id}`)).statusCode).toBe(200);
  });
});
