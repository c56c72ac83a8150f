import { randomUUID } from 'node:crypto';
import { addDays, lastDayOfMonth } from '@plinth/domain/facility/dates';
import {
  drawFundedJournal,
  facilityOpenedJournal,
  interestAccruedJournal,
} from '@plinth/domain/facility/ledger';
import type { Db } from '../../apps/server/src/db/database';
import { withCovenants } from '../../apps/server/src/modules/covenants/covenant-tables';
import { clockOf } from '../../apps/server/src/modules/draws/draws.service';
import {
  facilityBalances,
  nat,
  postJournal,
} from '../../apps/server/src/modules/facilities/facility-figures';
import { withPresales } from '../../apps/server/src/modules/presales/presale-tables';

/**
 * A facility as large as issues 33's and 34's benches ask (bench/facility): a budget of `lines` lines, `draws`
 * funded draws (one a month from January 2024, each claiming on 20 lines, certified with a cost to
 * complete and 5 % retention on construction, with their ledger journals and a surveyor's comment),
 * a month of daily accruals, `presales` presales (a fifth on deposit bonds, a few not qualifying),
 * and four covenants with a test each. Written straight to the tables the modules own, through the
 * domain's journals (each balances, as the ledger's trigger checks at commit).
 */
export async function seedFacility(db: Db, size: { lines: number; draws: number; presales: number }) {
  const now = new Date();
  const user = async (name: string, role: string) => {
    const id = randomUUID();
    await db
      .insertInto('user')
      .values({
        id,
        name,
        email: `${name.toLowerCase().replace(/\s+/g, '.')}-${id.slice(0, 8)}@bench.example`,
        email_verified: true,
        image: null,
        role: role as 'funder',
        approved: true,
        subscription_status: 'active',
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  };
  const developer = await user('Bench Developer', 'borrower');
  const funder = await user('Bench Funder', 'funder');
  const surveyor = await user('Bench Surveyor', 'surveyor');
  const { id: projectId } = await db
    .insertInto('project')
    .values({
      borrower_id: developer,
      title: 'Bench Tower, 200 lines',
      location: '1 Bench Street, Parramatta NSW 2150',
      suburb: 'Parramatta',
      state: 'NSW',
      postcode: '2150',
      loan_amount: 60_000_000,
      payment_status: 'paid',
      visible: true,
      submission_status: 'submitted',
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: accessId } = await db
    .insertInto('access_request')
    .values({ funder_id: funder, project_id: projectId, status: 'funded', initial_message: 'Bench' } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: dealId } = await db
    .insertInto('deal')
    .values({
      project_id: projectId,
      access_request_id: accessId,
      borrower_id: developer,
      funder_id: funder,
      status: 'completed',
      completed_at: now,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const limit = 6_000_000_000n;
  const { id: facilityId } = await db
    .insertInto('facility')
    .values({
      deal_id: dealId,
      project_id: projectId,
      borrower_id: developer,
      funder_id: funder,
      status: 'active',
      state: 'NSW',
      limit_cents: Number(limit),
      interest_rate_bps: 1_000,
      default_margin_bps: 400,
      line_fee_bps: 50,
      establishment_fee_cents: 0,
      close_date: '2023-12-15',
      maturity_date: '2027-12-31',
      latest_practical_completion_date: '2027-06-30',
      capitalise_interest: true,
      activated_on: '2024-01-01',
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('facility_party')
    .values([
      { facility_id: facilityId, user_id: developer, role: 'developer' },
      { facility_id: facilityId, user_id: funder, role: 'funder' },
      { facility_id: facilityId, user_id: surveyor, role: 'surveyor' },
    ] as never)
    .execute();

  await db.transaction().execute(async (trx) => {
    await postJournal(trx, { facilityId, journal: facilityOpenedJournal(limit), effectiveOn: '2024-01-01' });
  });

  // The budget: land, contingency, finance and the rest construction and fees.
  const { id: versionId } = await db
    .insertInto('budget_version')
    .values({
      facility_id: facilityId,
      version: 1,
      status: 'approved',
      approved_by: funder,
      approved_at: now,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const lineIds: string[] = [];
  const categories: string[] = [];
  for (let i = 0; i < size.lines; i++) {
    const { id } = await db
      .insertInto('budget_line')
      .values({ facility_id: facilityId, code: `B${String(i + 1).padStart(3, '0')}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    lineIds.push(id);
    categories.push(
      i === 0
        ? 'land'
        : i === 1
          ? 'contingency'
          : i === 2
            ? 'finance'
            : i % 4 === 0
              ? 'professional_fees'
              : 'construction',
    );
  }
  await db
    .insertInto('budget_version_line')
    .values(
      lineIds.map((id, i) => ({
        budget_version_id: versionId,
        budget_line_id: id,
        position: i,
        name: `${categories[i]} item ${i + 1}`.replace('_', ' '),
        category: categories[i],
        amount_cents: i === 0 ? 1_500_000_000 : 20_000_000,
        funded_by: 'debt',
      })) as never,
    )
    .execute();

  // Funded draws, one a month.
  let month = '2024-01-01';
  for (let n = 1; n <= size.draws; n++) {
    const funded = addDays(month, 14);
    const claim = lineIds.slice(
      3 + ((n * 7) % Math.max(1, size.lines - 23)),
      3 + ((n * 7) % Math.max(1, size.lines - 23)) + 20,
    );
    const certified = claim.map(() => 500_000n);
    const retention = claim.map((id) => (categories[lineIds.indexOf(id)] === 'construction' ? 25_000n : 0n));
    await db.transaction().execute(async (trx) => {
      const { id: drawId } = await trx
        .insertInto('draw')
        .values({
          facility_id: facilityId,
          number: n,
          status: 'funded',
          claim_served_at: new Date(`${addDays(month, 2)}T09:00:00+10:00`),
          // The SOP clock as the draw service stores it (the API answers with it).
          ...clockOf('NSW', `${addDays(month, 2)}T09:00:00+10:00`),
          submitted_at: new Date(`${addDays(month, 2)}T10:00:00+10:00`),
          certified_at: new Date(`${addDays(month, 6)}T10:00:00+10:00`),
          certified_by: surveyor,
          inspected_on: addDays(month, 5),
          percent_complete_bps: Math.min(10_000, n * 250),
          delay_days: n % 5,
          approved_at: new Date(`${addDays(month, 8)}T10:00:00+10:00`),
          approved_by: funder,
          funded_on: funded,
          funded_at: new Date(`${funded}T10:00:00+10:00`),
          funded_by: funder,
          created_by: developer,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('draw_line')
        .values(
          claim.map((id, i) => ({
            draw_id: drawId,
            budget_line_id: id,
            claimed_cents: 520_000,
            certified_cents: Number(certified[i]),
            cost_to_complete_cents: 10_000_000,
            retention_cents: Number(retention[i]),
            reason: 'Work in place short of the claim',
          })) as never,
        )
        .execute();
      const b = await facilityBalances(trx, facilityId);
      const total = certified.reduce((s, v) => s + v, 0n);
      const held = retention.reduce((s, v) => s + v, 0n);
      const journalId = await postJournal(trx, {
        facilityId,
        journal: drawFundedJournal({
          certified_cents: total,
          retention_cents: held,
          equity_in_hand_cents: nat(b, 'equity'),
          undrawn_cents: nat(b, 'undrawn'),
        }),
        effectiveOn: funded,
        drawId,
      });
      await trx.updateTable('draw').set({ journal_id: journalId }).where('id', '=', drawId).execute();
      await trx
        .insertInto('draw_comment')
        .values({
          draw_id: drawId,
          author_id: surveyor,
          body: `Draw ${n}: inspected, works to level ${n} as claimed less defects.`,
        } as never)
        .execute();
    });
    month = addDays(lastDayOfMonth(month), 1);
  }

  // A month of daily accruals (the report sums the month's interest).
  const accrualMonth = '2026-10-01';
  await db.transaction().execute(async (trx) => {
    for (let d = accrualMonth; d <= lastDayOfMonth(accrualMonth); d = addDays(d, 1)) {
      const journalId = await postJournal(trx, {
        facilityId,
        journal: interestAccruedJournal(150_000n),
        effectiveOn: d,
      });
      await trx
        .insertInto('facility_accrual')
        .values({
          facility_id: facilityId,
          accrued_on: d,
          balance_cents: 500_000_000,
          rate_bps: 1_000,
          amount_cents: 150_000,
          journal_id: journalId,
        } as never)
        .execute();
    }
  });

  // Presales.
  const presales = Array.from({ length: size.presales }, (_, i) => {
    const bond = i % 5 === 0;
    return {
      facility_id: facilityId,
      lot: String(i + 1),
      purchaser_name: `Purchaser ${i + 1}`,
      price_ex_gst_cents: 80_000_000 + (i % 10) * 1_000_000,
      deposit_cents: i % 17 === 0 ? 4_000_000 : 8_500_000,
      deposit_form: bond ? 'bond' : 'cash',
      bond_expiry: bond ? '2028-03-31' : null,
      related_party: i % 29 === 0,
      exchanged_on: '2025-03-01',
      sunset_on: i % 13 === 0 ? '2027-09-30' : '2028-02-28',
      created_by: developer,
    };
  });
  if (presales.length > 0)
    await withPresales(db)
      .insertInto('presale')
      .values(presales as never)
      .execute();

  const covenants = ['lvr', 'loan_to_cost', 'presale_cover', 'in_balance'] as const;
  await withCovenants(db)
    .insertInto('covenant')
    .values(
      covenants.map((kind) => ({
        facility_id: facilityId,
        kind,
        threshold: kind === 'in_balance' ? 0 : kind === 'presale_cover' ? 10_000 : 8_000,
        frequency: 'monthly',
        cure_days: 30,
        annual_income_cents: null,
        updated_by: funder,
      })),
    )
    .execute();
  await withCovenants(db)
    .insertInto('facility_valuation')
    .values({
      facility_id: facilityId,
      valued_on: '2026-06-30',
      value_cents: 9_000_000_000,
      valuer: 'Bench Valuers',
      recorded_by: funder,
    })
    .execute();
  return { facilityId, developer, funder, surveyor };
}
