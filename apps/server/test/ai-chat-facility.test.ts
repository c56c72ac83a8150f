import { facilityQuestionsOf } from '@plinth/domain/broker-ai/facility';
import { type CovenantKind, closestToBreach } from '@plinth/domain/facility/covenants';
import { formatAudCents, formatDate } from '@plinth/domain/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, type TestApp, type TestUser } from './helpers';
import { createStrangers } from './support/deals';
import { call, certifiedDraw, createFacilityWorld, type FacilityWorld } from './support/facilities';
import { createWorldPresale } from './support/presale-world';

// Issue 34 item 8 (decision 069): a BrokerAI chat bound to a facility answers its five questions
// from the facility's live figures — checked here against the facility's own routes — with the
// working shown; only a party of the facility or an admin may bind a chat to it (404 otherwise).

let t: TestApp;
let w: FacilityWorld;
let strangers: Awaited<ReturnType<typeof createStrangers>>;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  w = await createFacilityWorld(t);
  strangers = await createStrangers(t);
  admin = strangers.admin;
});
afterAll(() => t.close());

const bind = (user: TestUser | null, facilityId: string) =>
  as(t.app, user, {
    method: 'POST',
    url: '/api/ai-chat/sessions',
    payload: { facility_id: facilityId, session_title: 'The facility' },
  });
async function ask(user: TestUser, sessionId: string, message: string): Promise<string> {
  const res = await as(t.app, user, {
    method: 'POST',
    url: `/api/ai-chat/sessions/${sessionId}/messages`,
    payload: { message },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().ai_response;
}
const get = (user: TestUser, path: string) =>
  call(t, user, { method: 'GET', url: `/api/facilities/${w.facilityId}${path}` });
const pctOf = (bps: number) => `${(bps / 100).toFixed(2)}%`;

describe('binding a chat to a facility', () => {
  it('its developer, funder and surveyor, and an admin, may: 201 with facility_id', async () => {
    for (const user of [w.developer, w.funder, w.surveyor, admin]) {
      const res = await bind(user, w.facilityId);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ facility_id: w.facilityId, project_id: null });
    }
    const listed = await as(t.app, w.developer, { method: 'GET', url: '/api/ai-chat/sessions' });
    expect(listed.json().items[0].facility_id).toBe(w.facilityId);
  });

  it('anyone else is told it does not exist (404), as for an id that does not; signed out 401', async () => {
    for (const user of [strangers.developer, strangers.funder]) {
      const res = await bind(user, w.facilityId);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('Facility not found');
    }
    const missing = await bind(w.funder, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect((await bind(null, w.facilityId)).statusCode).toBe(401);
    expect((await bind(w.funder, 'not-a-uuid')).statusCode).toBe(400);
  });

  it("another person's facility chat reads as missing (404)", async () => {
    const session = (await bind(w.developer, w.facilityId)).json();
    const res = await as(t.app, w.funder, {
      method: 'POST',
      url: `/api/ai-chat/sessions/${session.id}/messages`,
      payload: { message: 'How much is left to draw?' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('the five questions, from the live figures', () => {
  it('with nothing drawn, no open draw, no presales and no covenants: each says what is not there', async () => {
    const session = (await bind(w.funder, w.facilityId)).json();
    expect(await ask(w.funder, session.id, 'When is the next payment schedule due?')).toContain(
      'No payment schedule is due',
    );
    expect(await ask(w.funder, session.id, "What's the presale cover?")).toContain('no open presales');
    expect(await ask(w.funder, session.id, 'Which covenant is closest to breach?')).toContain(
      'No covenants are set on this facility',
    );
  });

  it('left to draw, in balance, next payment schedule, presale cover and the closest covenant', async () => {
    await certifiedDraw(t, w, [{ line: 'C1', claimed: 50_000_000 }]);
    await createWorldPresale(t, w, { lot: 'A1' });
    await createWorldPresale(t, w, { lot: 'A2', related_party: true });
    await call(t, w.funder, {
      method: 'PUT',
      url: `/api/facilities/${w.facilityId}/covenants`,
      payload: {
        covenants: [
          { kind: 'loan_to_cost', threshold: 15_000, frequency: 'monthly', cure_days: 30 },
          { kind: 'presale_cover', threshold: 500, frequency: 'monthly', cure_days: 30 },
          { kind: 'in_balance', threshold: 0, frequency: 'monthly', cure_days: 30 },
        ],
      },
    });
    const session = (await bind(w.developer, w.facilityId)).json();

    const facility = await get(w.developer, '');
    const left = await ask(w.developer, session.id, 'How much is left to draw?');
    expect(left).toContain(`Left to draw: ${formatAudCents(facility.undrawn_cents)}.`);
    expect(left).toContain(`Facility limit ${formatAudCents(facility.limit_cents)}`);
    expect(left).toContain('GET /api/facilities/{id}');

    const balance = await get(w.developer, '/in-balance');
    const inBalance = await ask(w.developer, session.id, 'Is the loan in balance, and by how much?');
    const gap = balance.available_cents - balance.required_cents;
    expect(inBalance).toContain(
      balance.in_balance
        ? `in balance, with a surplus of ${formatAudCents(gap)}`
        : `out of balance by ${formatAudCents(balance.shortfall_cents)}`,
    );
    expect(inBalance).toContain(`= available ${formatAudCents(balance.available_cents)}`);
    expect(inBalance).toContain(`required ${formatAudCents(balance.required_cents)}`);
    expect(inBalance).toContain('GET /api/facilities/{id}/in-balance');

    const draws = (await get(w.developer, '/draws')).items as {
      number: number;
      status: string;
      payment_schedule_due: string;
    }[];
    const open = draws.filter((d) => d.status === 'certified');
    expect(open).toHaveLength(1);
    const schedule = await ask(w.developer, session.id, 'When is the next payment schedule due?');
    expect(schedule).toContain(
      `due ${formatDate(open[0]!.payment_schedule_due)}, for draw ${open[0]!.number}`,
    );
    expect(facility.next_payment_schedule_due).toBe(open[0]!.payment_schedule_due);

    const cover = await get(w.developer, '/presale-cover');
    const presales = await ask(w.developer, session.id, 'What is our presale cover?');
    expect(presales).toContain(`Presale cover is ${pctOf(cover.cover_bps)}.`);
    expect(presales).toContain(`Qualifying total ex GST ${formatAudCents(cover.qualifying_total_cents)}`);
    expect(presales).toContain('1 not qualifying');

    const covenants = await get(w.developer, '/covenants');
    type Latest = { kind: CovenantKind; label: string; threshold: number; headroom: number | null };
    const latest: Latest[] = covenants.covenants.map(
      (c: Omit<Latest, 'headroom'> & { latest: { headroom: number | null } | null }) => ({
        kind: c.kind,
        label: c.label,
        threshold: c.threshold,
        headroom: c.latest?.headroom ?? null,
      }),
    );
    const closest = closestToBreach(latest)!;
    expect(closest).not.toBeNull();
    const covenant = await ask(w.developer, session.id, 'Which covenant is closest to breach?');
    expect(covenant.split('\n')[0]).toContain(closest.label);
    for (const c of latest) expect(covenant).toContain(`  ${c.label}:`);
    expect(covenant).toContain('General information only, not financial advice.');
  });

  it('a question about the facility it cannot place is asked back, with no figure', async () => {
    const session = (await bind(w.surveyor, w.facilityId)).json();
    const reply = await ask(w.surveyor, session.id, 'What about the facility retention thing?');
    expect(reply).toContain('I’m not sure what you’re asking of this facility');
    expect(reply).not.toMatch(/\$\d/);
    // A question not about the facility goes to the analyst as in any chat.
    expect(facilityQuestionsOf('LVR on a 6m loan against land of 10m')).toEqual([]);
    expect(await ask(w.surveyor, session.id, 'LVR on a 6m loan against land of 10m?')).toContain('60');
  });
});
