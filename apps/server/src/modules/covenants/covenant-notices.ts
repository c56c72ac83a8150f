import { covenantMessages } from '@plinth/domain/covenants';
import { type CovenantKind, covenantRules } from '@plinth/domain/facility/covenants';
import { formatLongDate } from '@plinth/domain/facility/dates';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import type { OpenedFile } from '../documents/send-file';
import { facilityForReader } from '../facilities/facility-access';
import { withCovenants } from './covenant-tables';
import { createPdfWriter, facilityCopy } from './pdf-writer';

const headings = {
  breach: 'Notice of covenant breach',
  default: 'Notice of event of default',
  cured: 'Notice that a covenant breach is cured',
} as const;

/**
 * GET /facilities/{id}/covenants/notices/{noticeId}/download: a breach, default or cure notice as a
 * PDF, made from the figures kept when it was issued; stamped for every party but the funder.
 */
export async function noticePdf(
  db: Db,
  options: { viewer: Viewer; facilityId: string; noticeId: string },
): Promise<OpenedFile> {
  const { facility } = await facilityForReader(db, options.viewer, options.facilityId);
  const cdb = withCovenants(db);
  const notice = await cdb
    .selectFrom('covenant_notice')
    .selectAll()
    .where('id', '=', options.noticeId)
    .where('facility_id', '=', facility.id)
    .executeTakeFirst();
  if (!notice) throw notFound(covenantMessages.noticeNotFound);
  const kind = notice.kind as keyof typeof headings;
  return {
    fileName: `covenant-${kind}-notice-${notice.issued_on}.pdf`,
    mimeType: 'application/pdf',
    sizeBytes: null,
    contents: async () => {
      const [project, breach] = await Promise.all([
        db.selectFrom('project').select('title').where('id', '=', facility.project_id).executeTakeFirst(),
        notice.breach_id
          ? cdb
              .selectFrom('covenant_breach')
              .selectAll()
              .where('id', '=', notice.breach_id)
              .executeTakeFirst()
          : undefined,
      ]);
      const w = await createPdfWriter(headings[kind]);
      w.heading(headings[kind], 16);
      w.rows([
        ['Project', project?.title ?? ''],
        ['Covenant', covenantRules[notice.covenant as CovenantKind].label],
        ['Issued', formatLongDate(notice.issued_on)],
        ...(breach
          ? ([
              ['Breached on', formatLongDate(breach.breached_on)],
              ['Cure period ends', formatLongDate(breach.cure_ends_on)],
              ['Default on (if not cured)', formatLongDate(breach.default_on)],
            ] as [string, string][])
          : []),
      ]);
      w.gap(6);
      w.heading('What happened');
      w.paragraph(notice.message);
      const workings = (
        typeof notice.workings === 'string' ? JSON.parse(notice.workings) : notice.workings
      ) as [string, string][];
      if (workings.length > 0) {
        w.gap(4);
        w.heading('The figures');
        w.rows(workings);
      }
      w.gap(10);
      w.paragraph(
        'Issued by Plinth for the facility funder under the facility agreement. Figures are taken from the facility ledger, the approved budget, the quantity surveyor’s latest certificate, the latest valuation and the presale register on the day of the test.',
        8,
      );
      const { bytes } = await w.save();
      return facilityCopy(db, options.viewer, facility, bytes);
    },
  };
}
