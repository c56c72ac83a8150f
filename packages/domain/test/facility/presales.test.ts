import { describe, expect, it } from 'vitest';
import {
  addMonths,
  armsLength,
  bondOutlastsSunset,
  bondsOverShare,
  coverBps,
  depositLargeEnough,
  forecastCompletionDate,
  type Presale,
  presaleCover,
  presaleTimeline,
  defaultPresaleSettings as s,
  sunsetAfterCompletion,
} from '../../src/facility/presales';
import { checkPresale, createPresaleBody } from '../../src/presales';

const $ = (dollars: number) => BigInt(dollars) * 100n;

const sale = (over: Partial<Presale> = {}): Presale => ({
  id: over.lot ?? '1',
  lot: '1',
  price_ex_gst_cents: $(1_000_000),
  deposit_cents: $(100_000),
  deposit_form: 'cash',
  bond_expiry: null,
  related_party: false,
  exchanged_on: '2026-02-01',
  sunset_on: '2028-03-31',
  ...over,
});

describe('one rule each, at its boundary', () => {
  it("rule 1, arm's length: a related purchaser fails, anyone else passes", () => {
    expect(armsLength({ related_party: false })).toBeNull();
    expect(armsLength({ related_party: true })).toEqual({
      code: 'related_party',
      message: 'The purchaser is a related party: the sale is not at arm’s length',
    });
  });

  it('rule 2, deposit: exactly 10 % of the price passes, one cent less fails', () => {
    expect(depositLargeEnough({ price_ex_gst_cents: $(1_000_000), deposit_cents: $(100_000) }, s)).toBeNull();
    expect(
      depositLargeEnough({ price_ex_gst_cents: $(1_000_000), deposit_cents: $(100_000) - 1n }, s),
    ).toEqual({
      code: 'deposit_too_small',
      message: 'The deposit of $99,999.99 is under 10 % of the price ($100,000)',
    });
    // The threshold is the facility's: at 5 % the smaller deposit passes.
    expect(
      depositLargeEnough(
        { price_ex_gst_cents: $(1_000_000), deposit_cents: $(50_000) },
        { min_deposit_bps: 500 },
      ),
    ).toBeNull();
  });

  it('rule 3, bond expiry: one month after the sunset passes, a day earlier fails; cash needs none', () => {
    const bond = { deposit_form: 'bond' as const, sunset_on: '2028-01-31' };
    // 31 January + 1 month is 29 February 2028 (the month's last day).
    expect(bondOutlastsSunset({ ...bond, bond_expiry: '2028-02-29' }, s)).toBeNull();
    expect(bondOutlastsSunset({ ...bond, bond_expiry: '2028-02-28' }, s)).toEqual({
      code: 'bond_expires_too_soon',
      message: 'The deposit bond expires on 2028-02-28, before 2028-02-29 (1 month after the sunset date)',
    });
    expect(bondOutlastsSunset({ ...bond, bond_expiry: null }, s)?.message).toBe(
      'A deposit bond needs an expiry date',
    );
    expect(
      bondOutlastsSunset({ deposit_form: 'cash', sunset_on: '2028-01-31', bond_expiry: null }, s),
    ).toBeNull();
  });

  it('rule 4, sunset: six months after completion passes, a day earlier fails', () => {
    expect(sunsetAfterCompletion({ sunset_on: '2027-09-30' }, '2027-03-31', s)).toBeNull();
    expect(sunsetAfterCompletion({ sunset_on: '2027-09-29' }, '2027-03-31', s)).toEqual({
      code: 'sunset_too_soon',
      message:
        'The sunset date 2027-09-29 is before 2027-09-30 (6 months after practical completion on 2027-03-31)',
    });
    expect(
      sunsetAfterCompletion({ sunset_on: '2027-09-29' }, '2027-03-31', { sunset_months_after_completion: 3 }),
    ).toBeNull();
  });

  it('rule 5, bond share: bonds up to exactly 35 % of the qualifying total pass; a cent more is left out', () => {
    // Cash $650,000 and a bond of $350,000: 35 % of $1,000,000 exactly.
    const cash = sale({ id: 'c', lot: 'c', price_ex_gst_cents: $(650_000) });
    const bond = (id: string, price: bigint, exchanged_on = '2026-02-01') =>
      sale({
        id,
        lot: id,
        deposit_form: 'bond',
        bond_expiry: '2028-06-30',
        price_ex_gst_cents: price,
        exchanged_on,
      });
    expect(bondsOverShare([cash, bond('b', $(350_000))], s)).toEqual(new Set());
    expect(bondsOverShare([cash, bond('b', $(350_000) + 1n)], s)).toEqual(new Set(['b']));
    // Counted in order of exchange: the later bond is the one left out.
    const out = bondsOverShare(
      [cash, bond('late', $(200_000), '2026-03-01'), bond('early', $(200_000), '2026-02-01')],
      s,
    );
    expect(out).toEqual(new Set(['late']));
  });
});

describe('cover', () => {
  it('qualifying total ex GST ÷ limit in basis points, each failure with its reasons', () => {
    const presales = [
      sale({ id: 'a', lot: '1' }),
      sale({ id: 'b', lot: '2', related_party: true, deposit_cents: $(50_000) }),
      sale({
        id: 'c',
        lot: '3',
        deposit_form: 'bond',
        bond_expiry: '2028-06-30',
        price_ex_gst_cents: $(500_000),
      }),
      sale({
        id: 'd',
        lot: '4',
        deposit_form: 'bond',
        bond_expiry: '2028-06-30',
        price_ex_gst_cents: $(500_000),
        exchanged_on: '2026-03-01',
      }),
    ];
    const cover = presaleCover(presales, {
      limit_cents: $(12_000_000),
      completion_date: '2027-03-31',
      settings: s,
    });
    // a ($1m cash) and c ($500k bond, 33 % of $1.5m) qualify; d would take bonds to 50 %.
    expect(cover.qualifying_total_cents).toBe($(1_500_000));
    expect(cover.qualifying_bond_total_cents).toBe($(500_000));
    expect(cover.registered_total_cents).toBe($(3_000_000));
    expect(cover.cover_bps).toBe(1250);
    const failing = cover.assessments.filter((a) => !a.qualifies);
    expect(failing.map((a) => [a.presale.lot, a.reasons.map((r) => r.code)])).toEqual([
      ['2', ['related_party', 'deposit_too_small']],
      ['4', ['bond_share_exceeded']],
    ]);
  });

  it('cover rounds half-even and is 0 for no limit', () => {
    expect(coverBps(1n, 3n)).toBe(3333);
    expect(coverBps(2n, 3n)).toBe(6667);
    expect(coverBps($(12_000_000), $(12_000_000))).toBe(10_000);
    expect(coverBps(1n, 0n)).toBe(0);
  });

  it('months clamp to the end of a shorter month', () => {
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29');
    expect(addMonths('2027-03-31', 6)).toBe('2027-09-30');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
  });
});

describe('timeline and the sunset warning', () => {
  const presales = [
    sale({ id: 'a', lot: '1', sunset_on: '2027-10-31' }),
    sale({ id: 'b', lot: '2', deposit_form: 'bond', bond_expiry: '2028-06-30', sunset_on: '2028-05-31' }),
  ];

  it('no warning while forecast completion + 6 months is on or before every sunset', () => {
    const { events, warnings } = presaleTimeline(presales, {
      contract_completion_date: '2027-04-30',
      forecast_completion_date: '2027-04-30',
      settings: s,
    });
    expect(warnings).toEqual([]);
    expect(events.map((e) => [e.date, e.kind, e.lot])).toEqual([
      ['2027-04-30', 'contract_completion', null],
      ['2027-10-31', 'sunset', '1'],
      ['2028-05-31', 'sunset', '2'],
      ['2028-06-30', 'bond_expiry', '2'],
    ]);
  });

  it('a delay of one day eats into lot 1’s buffer: a warning with the days left', () => {
    const forecast = forecastCompletionDate('2027-04-30', 1);
    expect(forecast).toBe('2027-05-01');
    const { events, warnings } = presaleTimeline(presales, {
      contract_completion_date: '2027-04-30',
      forecast_completion_date: forecast,
      settings: s,
    });
    expect(events[1]).toMatchObject({ date: '2027-05-01', kind: 'forecast_completion' });
    expect(warnings).toEqual([
      {
        presale_id: 'a',
        lot: '1',
        sunset_on: '2027-10-31',
        buffer_days: 183,
        message:
          'Lot 1: forecast completion on 2027-05-01 leaves 183 days before its sunset date 2027-10-31, under the 6 months required',
      },
    ]);
  });

  it('completion after a sunset date: the purchaser may rescind', () => {
    const { warnings } = presaleTimeline([presales[0]!], {
      contract_completion_date: '2027-04-30',
      forecast_completion_date: '2027-11-15',
      settings: s,
    });
    expect(warnings[0]!.buffer_days).toBe(-15);
    expect(warnings[0]!.message).toContain('after its sunset date 2027-10-31; the purchaser may rescind');
  });
});

describe('the request body', () => {
  it('cross-field checks name the field', () => {
    const body = createPresaleBody.parse({
      lot: ' 12 ',
      purchaser_name: 'A Buyer',
      price_ex_gst_cents: 100,
      deposit_cents: 200,
      deposit_form: 'bond',
      related_party: false,
      exchanged_on: '2026-02-01',
      sunset_on: '2026-02-01',
    });
    expect(body.lot).toBe('12');
    expect(checkPresale(body)).toEqual([
      { field: 'deposit_cents', message: 'The deposit cannot be more than the price' },
      { field: 'bond_expiry', message: 'A deposit bond needs its expiry date (bond_expiry)' },
      { field: 'sunset_on', message: 'The sunset date must be after the exchange date' },
    ]);
  });

  it('refuses a date that is not a real one', () => {
    const r = createPresaleBody.safeParse({
      lot: '1',
      purchaser_name: 'A',
      price_ex_gst_cents: 1,
      deposit_cents: 0,
      deposit_form: 'cash',
      related_party: false,
      exchanged_on: '2026-02-30',
      sunset_on: '2027-01-01',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('exchanged_on must be a real date (YYYY-MM-DD)');
  });
});
