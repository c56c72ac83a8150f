import type { FacilityFigures } from '@plinth/domain/broker-ai/facility';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import { getCovenants } from '../covenants/covenants.service';
import { listDraws } from '../draws/draws.service';
import { getFacility } from '../facilities/facilities.service';
import { facilityForReader } from '../facilities/facility-access';
import { getInBalance } from '../facilities/ledger.service';
import { getPresaleCover } from '../presales/presale-cover.service';

// A facility-bound BrokerAI chat (issue 34 item 8; decision 069). The facility's figures are read
// through the facility, draws, presales and covenants modules' own read services — the very
// functions behind GET /api/facilities/{id}, /in-balance, /draws, /presale-cover and /covenants —
// with the asker as viewer, so the chat states exactly what those routes would show them, and a
// party removed since the chat began (or anyone else) is refused as they would be (404).

/** Draws waiting on a payment schedule or the funder, as the facility's own summary counts them. */
const OPEN_DRAW = new Set(['submitted', 'certified', 'approved']);

/** The facility the viewer may bind a chat to: its parties and admins, else the facilities 404. */
export async function assertFacilityReadable(db: Db, viewer: Viewer, facilityId: string) {
  await facilityForReader(db, viewer, facilityId);
}

/** A block a route refuses (e.g. no approved budget yet) reads as not available, never as an error. */
async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof AppError && error.status < 500 && error.status !== 404) return null;
    throw error;
  }
}

/** The facility's live figures as the viewer may read them (throws the facilities 404 otherwise). */
export async function facilityFiguresFor(
  db: Db,
  viewer: Viewer,
  facilityId: string,
): Promise<FacilityFigures> {
  const options = { viewer, facilityId };
  const facility = await getFacility(db, options);
  const [inBalance, draws, cover, covenants] = await Promise.all([
    orNull(getInBalance(db, options)),
    listDraws(db, options),
    orNull(getPresaleCover(db, options)),
    orNull(getCovenants(db, options)),
  ]);
  return {
    status: facility.status,
    limit_cents: facility.limit_cents,
    drawn_cents: facility.drawn_cents,
    undrawn_cents: facility.undrawn_cents,
    inBalance: inBalance && {
      available_cents: inBalance.available_cents,
      required_cents: inBalance.required_cents,
      shortfall_cents: inBalance.shortfall_cents,
      in_balance: inBalance.in_balance,
      undrawn_cents: inBalance.undrawn_cents,
      equity_in_hand_cents: inBalance.equity_in_hand_cents,
    },
    openDraws: draws.items
      .filter((d) => OPEN_DRAW.has(d.status))
      .map((d) => ({
        number: d.number,
        status: d.status,
        payment_schedule_due: d.payment_schedule_due,
        business_days_left: d.business_days_left,
      })),
    presaleCover: cover && {
      qualifying_total_cents: cover.qualifying_total_cents,
      registered_total_cents: cover.registered_total_cents,
      limit_cents: cover.limit_cents,
      cover_bps: cover.cover_bps,
      open_presales: cover.open_presales,
      non_qualifying: cover.non_qualifying.length,
    },
    covenants: (covenants?.covenants ?? []).map((c) => ({
      kind: c.kind,
      label: c.label,
      threshold: c.threshold,
      tested_on: c.latest?.tested_on ?? null,
      status: c.latest?.status ?? null,
      value: c.latest?.value ?? null,
      headroom: c.latest?.headroom ?? null,
      message: c.latest?.message ?? null,
    })),
  };
}

/** The figures of a session's facility as the viewer may read them now, or null (no longer a party). */
export async function readableFacilityFigures(db: Db, viewer: Viewer, facilityId: string) {
  try {
    return await facilityFiguresFor(db, viewer, facilityId);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}
