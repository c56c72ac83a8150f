import { facilityMessages } from '@plinth/domain/facilities';
import { formatAud } from '@plinth/domain/facility/money';
import { type AuState, noticeDue, scheduleDueText } from '@plinth/domain/facility/sop-clock';
import { formatDate } from '@plinth/domain/format';
import { sydneyDate } from '@plinth/domain/proposals';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { conflict, forbidden } from '../../errors';
import { printable } from '../deals/credit-summary-writer';
import type { OpenedFile } from '../documents/send-file';
import { type FacilitiesDeps, facilityLink } from '../facilities/facilities.service';
import { partyIdsOf } from '../facilities/facility-access';
import { notify } from '../notifications/notifications.service';

/**
 * Draws (issue 33 items 3 and 6; decisions 055 and 056): the developer's drafts and claims, the
 * quantity surveyor's certification, the funder's decision and funding, the thread every party
 * reads, and the Security of Payment clock. The state machine, the line checks, retention, the
 * in-balance test, the journal and the business-day calendar are the domain's; this file loads,
 * checks who may act, and writes each move with its journal, audit entry and notices in one
 * transaction.
 */

import { drawForReader, toDraw } from './draws.service';

// ---- the Security of Payment clock --------------------------------------------------------------

/**
 * The daily deadline notices: for every draw whose clock runs (submitted, certified, approved),
 * every party is told when 5 and 2 business days are left, and on the last day the developer is
 * offered the payment schedule at the certified amount. `draw_notice`'s key (draw, kind) sends each
 * once whatever instances run.
 */
export async function sendDeadlineNotices(deps: FacilitiesDeps, now = new Date()) {
  const today = sydneyDate(now);
  const draws = await deps.db
    .selectFrom('draw as d')
    .innerJoin('facility as f', 'f.id', 'd.facility_id')
    .select(['d.id', 'd.number', 'd.facility_id', 'd.payment_schedule_due', 'f.state', 'f.borrower_id'])
    .where('d.status', 'in', ['submitted', 'certified', 'approved'])
    .where('d.payment_schedule_due', '>=', today)
    .execute();
  let sent = 0;
  for (const d of draws) {
    const notice = noticeDue(d.state as AuState, today, d.payment_schedule_due!);
    if (notice === null) continue;
    await deps.db.transaction().execute(async (trx) => {
      const once = await trx
        .insertInto('draw_notice')
        .values({ draw_id: d.id, kind: `left_${notice}` })
        .onConflict((oc) => oc.doNothing())
        .returning('kind')
        .executeTakeFirst();
      if (!once) return;
      sent += 1;
      const due = formatDate(`${d.payment_schedule_due}T12:00:00`);
      const message =
        notice === 0
          ? `Draw ${d.number}: the payment schedule is due today (${due}). Serve the schedule at the certified amount with its reasons.`
          : `Draw ${d.number}: ${notice} business days left until the payment schedule is due on ${due}.`;
      for (const userId of await partyIdsOf(trx, d.facility_id)) {
        if (notice === 0 && userId !== d.borrower_id) continue;
        await notify(trx, {
          userId,
          type: 'system',
          relatedId: d.id,
          message,
          email: {
            subject: message.slice(0, 150),
            text:
              notice === 0
                ? `${message}\n\nDownload it: ${new URL(`/api/draws/${d.id}/payment-schedule.pdf`, deps.config.BASE_URL)}`
                : `${message}\n\nOpen the facility: ${facilityLink(deps, d.facility_id)}`,
          },
        });
      }
    });
  }
  return sent;
}

/**
 * GET /draws/{id}/payment-schedule.pdf: the developer's payment schedule at the certified amount,
 * line by line, with the surveyor's reasons wherever less than claimed is scheduled. Only once the
 * draw is certified (before, there is no certified amount to schedule).
 */
export async function paymentSchedule(
  db: Db,
  options: { viewer: Viewer; drawId: string },
): Promise<OpenedFile> {
  const { draw, facility, role } = await drawForReader(db, options.viewer, options.drawId);
  if (role !== 'developer' && role !== 'admin') throw forbidden(facilityMessages.onlyDeveloper);
  if (!['certified', 'approved', 'funded'].includes(draw.status))
    throw conflict('The payment schedule is made from the certified amount: this draw is not certified yet');
  return {
    fileName: `payment-schedule-draw-${draw.number}.pdf`,
    mimeType: 'application/pdf',
    sizeBytes: null,
    contents: async () => {
      const view = await toDraw(db, draw, facility);
      const project = await db
        .selectFrom('project')
        .select(['title', 'suburb'])
        .where('id', '=', facility.project_id)
        .executeTakeFirst();
      // pdf-lib is loaded on the first PDF only (memory at rest, decision 028).
      const { PDFDocument, StandardFonts, rgb } = await import('@cantoo/pdf-lib');
      const pdf = await PDFDocument.create();
      const regular = await pdf.embedFont(StandardFonts.Helvetica);
      const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
      let page = pdf.addPage([595.28, 841.89]);
      let y = 800;
      const text = (t: string, x = 40, size = 9, font = regular) => {
        if (y < 50) {
          page = pdf.addPage([595.28, 841.89]);
          y = 800;
        }
        page.drawText(printable(t), { x, y, size, font, color: rgb(0.1, 0.1, 0.12) });
      };
      text('Payment schedule', 40, 16, bold);
      y -= 20;
      text(
        `Project: ${project?.title ?? ''}${project?.suburb ? `, ${project.suburb}` : ''} (${facility.state})`,
      );
      y -= 13;
      text(`Progress claim: draw ${draw.number}, served ${formatDate(view.claim_served_at)}`);
      y -= 13;
      text(scheduleDueText(facility.state as AuState, view.payment_schedule_due));
      y -= 13;
      text(`Claimed amount: ${formatAud(BigInt(view.claimed_cents))}`, 40, 10, bold);
      y -= 14;
      text(
        `Scheduled amount (the amount the principal proposes to pay): ${formatAud(BigInt(view.certified_cents ?? 0))}`,
        40,
        10,
        bold,
      );
      y -= 20;
      text('Line', 40, 9, bold);
      text('Claimed', 300, 9, bold);
      text('Scheduled', 380, 9, bold);
      y -= 13;
      for (const l of view.lines) {
        text(`${l.code} ${l.name}`.slice(0, 60));
        text(formatAud(BigInt(l.claimed_cents)), 300);
        text(formatAud(BigInt(l.certified_cents ?? 0)), 380);
        y -= 12;
        if ((l.certified_cents ?? 0) < l.claimed_cents) {
          text(`Reason for paying less: ${l.reason ?? 'not given'}`.slice(0, 110), 60, 8);
          y -= 12;
        }
      }
      y -= 10;
      text(
        `Certified by the lender's quantity surveyor after inspection on ${view.inspected_on ? formatDate(`${view.inspected_on}T12:00:00`) : '-'}.`,
      );
      const bytes = await pdf.save();
      return { body: Buffer.from(bytes), sizeBytes: bytes.length };
    },
  };
}
