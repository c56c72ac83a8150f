import type { ProjectPreview } from '@plinth/domain/marketplace';
import { calendarDay } from '../../../lib/format';
import { previewStage } from './preview-labels';

/** 'plinth-projects-YYYY-MM-DD.csv', dated in the funder's own time zone (their profile's, decision 074). */
export function exportFileName(now = new Date(), timeZone?: string): string {
  return `plinth-projects-${calendarDay(now, timeZone)}.csv`;
}

/** One row per result: the preview fields a funder may see, plain numbers for spreadsheets. */
export function csvRows(items: readonly ProjectPreview[], origin: string) {
  return items.map((item) => ({
    'Project ID': item.id,
    'Property Type': item.property_type,
    Suburb: item.suburb ?? '',
    State: item.state ?? '',
    'Development Stage': previewStage(item.development_stage),
    'Loan Amount (AUD)': item.loan_amount,
    'Project Size (sqm)': item.project_size_sqm ?? '',
    Listed: item.created_at.slice(0, 10),
    Link: `${origin}/project/${item.id}`,
  }));
}

/**
 * The CSV text, made on the device with papaparse (loaded on first export: most visits never
 * export). Cells that a spreadsheet would run as a formula are escaped.
 */
export async function toCsv(items: readonly ProjectPreview[], origin: string): Promise<string> {
  const { default: Papa } = await import('papaparse');
  return Papa.unparse(csvRows(items, origin), { escapeFormulae: true });
}

/** Hands the file to the browser's download. */
export function downloadCsv(csv: string, fileName: string) {
  // The byte order mark makes Excel read the file as UTF-8 (suburb names with accents).
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
