import {
  type AnalyticsListingState,
  type AnalyticsResponse,
  analyticsListingStates,
  funnelSteps,
} from '@plinth/domain/admin-console';
import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * The Analytics tab: every figure is one SQL query, so the numbers are the database's and the
 * page only draws them. Months are calendar months in Sydney time, the marketplace's own.
 */

const TZ = 'Australia/Sydney';

async function monthsBack(db: Db, count: number) {
  const rows = await sql<{ month: string }>`
    select to_char(m, 'YYYY-MM') as month
    from generate_series(
      date_trunc('month', now() at time zone ${TZ}) - make_interval(months => ${count - 1}),
      date_trunc('month', now() at time zone ${TZ}),
      interval '1 month'
    ) as m
    order by m`.execute(db);
  return rows.rows.map((r) => r.month);
}

/** Listings created in each month, by the state each is in today (funded apart from live). */
async function listingsByMonth(db: Db, first: string) {
  const rows = await sql<{ month: string; state: AnalyticsListingState; n: number }>`
    select to_char(p.created_at at time zone ${TZ}, 'YYYY-MM') as month,
      case
        when p.funded_at is not null then 'funded'
        when p.payment_status = 'payment_pending' then 'pending_review'
        when p.payment_status = 'paid' and p.visible then 'published'
        when p.submission_status = 'rejected' then 'rejected'
        when p.payment_status = 'paid' then 'paid_unpublished'
        else 'draft'
      end as state,
      count(*)::int as n
    from project p
    where to_char(p.created_at at time zone ${TZ}, 'YYYY-MM') >= ${first}
    group by 1, 2`.execute(db);
  return rows.rows;
}

/** Completed payments in each month, listing fees and subscriptions apart, in cents. */
async function revenueByMonth(db: Db, first: string) {
  const rows = await sql<{ month: string; type: 'project_listing' | 'subscription'; cents: string }>`
    select to_char(created_at at time zone ${TZ}, 'YYYY-MM') as month, type, sum(amount_cents)::text as cents
    from payment
    where status = 'completed' and to_char(created_at at time zone ${TZ}, 'YYYY-MM') >= ${first}
    group by 1, 2`.execute(db);
  return rows.rows;
}

/**
 * The funnel: people who signed up (not admins, not deleted) and finished onboarding; then listings
 * made, paid for (under review or paid, or with a completed listing payment), ever published, with
 * an access request, with a deal, funded.
 */
async function funnel(db: Db) {
  const row = await sql<Record<(typeof funnelSteps)[number], number>>`
    select
      (select count(*) from "user" u where u.deleted_at is null and (u.role is null or u.role <> 'admin'))::int as signed_up,
      (select count(*) from profile pr join "user" u on u.id = pr.user_id where u.deleted_at is null)::int as onboarded,
      (select count(*) from project)::int as listed,
      (select count(*) from project p
        where p.payment_status <> 'unpaid'
           or exists (select 1 from payment pay where pay.project_id = p.id
                      and pay.type = 'project_listing' and pay.status = 'completed'))::int as paid,
      (select count(*) from project where published_at is not null)::int as published,
      (select count(distinct project_id) from access_request)::int as access_requested,
      (select count(distinct project_id) from deal)::int as deal,
      (select count(*) from project where funded_at is not null)::int as funded`.execute(db);
  const counts = row.rows[0]!;
  return funnelSteps.map((step) => ({ step, count: Number(counts[step]) }));
}

/** Hours from a listing's first completed payment to its publication, over listings that had both. */
async function paymentToPublication(db: Db) {
  const row = await sql<{ listings: number; median: number | null; average: number | null }>`
    select count(*)::int as listings,
      percentile_cont(0.5) within group (order by hours) as median,
      avg(hours)::float8 as average
    from (
      select extract(epoch from (p.published_at - paid.at)) / 3600 as hours
      from project p
      join lateral (
        select min(pay.created_at) as at from payment pay
        where pay.project_id = p.id and pay.type = 'project_listing' and pay.status = 'completed'
      ) paid on paid.at is not null
      where p.published_at is not null and p.published_at >= paid.at
    ) as x`.execute(db);
  const r = row.rows[0]!;
  const round = (v: number | null) => (v === null ? null : Math.round(Number(v) * 10) / 10);
  return { listings: Number(r.listings), median_hours: round(r.median), average_hours: round(r.average) };
}

export async function getAnalytics(db: Db, options: { months: number }): Promise<AnalyticsResponse> {
  const months = await monthsBack(db, options.months);
  const first = months[0]!;
  const [listings, revenue, steps, publication] = await Promise.all([
    listingsByMonth(db, first),
    revenueByMonth(db, first),
    funnel(db),
    paymentToPublication(db),
  ]);
  const empty = () =>
    Object.fromEntries(analyticsListingStates.map((s) => [s, 0])) as Record<AnalyticsListingState, number>;
  return {
    months,
    listings_by_month: months.map((month) => {
      const counts = empty();
      for (const r of listings) if (r.month === month) counts[r.state] = Number(r.n);
      return { month, ...counts };
    }),
    revenue_by_month: months.map((month) => {
      const cents = (type: string) =>
        Number(revenue.find((r) => r.month === month && r.type === type)?.cents ?? 0);
      return {
        month,
        listing: Math.round(cents('project_listing') / 100),
        subscription: Math.round(cents('subscription') / 100),
      };
    }),
    funnel: steps,
    payment_to_publication: publication,
  };
}
