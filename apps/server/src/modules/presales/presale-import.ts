import { type CreatePresaleInput, checkPresale, createPresaleBody } from '@plinth/domain/presales';
import { parse as parseCsv } from 'csv-parse/sync';
import type { Viewer } from '../../auth/guards';
import { badRequest, validationFailed } from '../../errors';
import { auditedTransaction } from '../audit/audit.service';
import { testCovenants } from '../covenants/covenant-engine';
import type { FacilitiesDeps } from '../facilities/facilities.service';
import { facilityForActor } from '../facilities/facility-access';
import { insertPresales, refuseIfRepaid } from './presales.service';

/**
 * POST /facilities/{id}/presales/import (issue 34 item 4; decision 062): the register from a CSV file,
 * all or nothing like the budget import. Header (any order, any case):
 *   lot, purchaser_name, price_ex_gst_cents | price_ex_gst, deposit_cents | deposit, deposit_form,
 *   bond_expiry, related_party, exchanged_on, sunset_on
 * Dollars may be written '$1,250,000.00'; dates 'YYYY-MM-DD' or 'D/M/YYYY'; related_party
 * yes/no/true/false/y/n/1/0 (empty: no). Every row's every error is answered at once, named by row.
 */

const maxRows = 2000;
const required = ['lot', 'purchaser_name', 'deposit_form', 'exchanged_on', 'sunset_on'] as const;

type Issue = { field: string; message: string };

function centsFrom(
  row: Record<string, string>,
  name: string,
  line: number,
  issues: Issue[],
): number | string {
  const raw = row[`${name}_cents`];
  if (raw !== undefined) return /^\d{1,16}$/.test(raw) ? Number(raw) : raw;
  const text = (row[name] ?? '').replace(/[$,\s]/g, '');
  const match = /^(\d{1,14})(?:\.(\d{1,2}))?$/.exec(text);
  if (match) return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  issues.push({
    field: `row ${line}.${name}`,
    message: `Row ${line}: ${name} must be dollars with at most two decimals`,
  });
  // A stand-in that passes the schema, so the row's other errors are still found; the row fails anyway.
  return 1;
}

/** 'YYYY-MM-DD' as is; 'D/M/YYYY' (Australian order) turned into it; anything else left for the schema to refuse. */
export function csvDate(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const au = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  return au ? `${au[3]}-${au[2]!.padStart(2, '0')}-${au[1]!.padStart(2, '0')}` : value;
}

function yesNo(value: string | undefined): boolean | string {
  const v = (value ?? '').trim().toLowerCase();
  if (['', 'no', 'n', 'false', '0'].includes(v)) return false;
  if (['yes', 'y', 'true', '1'].includes(v)) return true;
  return value ?? '';
}

/** The rows as presale bodies, or every row error at once (400 with details). */
export function presalesFromCsv(csv: string): CreatePresaleInput[] {
  let records: Record<string, string>[];
  try {
    records = parseCsv(csv, {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase().replace(/\s+/g, '_')),
      skip_empty_lines: true,
      trim: true,
      bom: true,
      max_record_size: 10_000,
    });
  } catch (error) {
    throw badRequest(`The CSV could not be read: ${(error as Error).message}`);
  }
  if (records.length === 0) throw badRequest('The CSV has no rows under its header');
  if (records.length > maxRows) throw badRequest(`The CSV has more than ${maxRows} rows`);
  const header = Object.keys(records[0]!);
  const missing: string[] = required.filter((c) => !header.includes(c));
  for (const money of ['price_ex_gst', 'deposit'])
    if (!header.includes(`${money}_cents`) && !header.includes(money)) missing.push(`${money}_cents`);
  if (missing.length > 0) throw badRequest(`The CSV is missing the column(s): ${missing.join(', ')}`);

  const issues: Issue[] = [];
  const out: CreatePresaleInput[] = [];
  const lots = new Map<string, number>();
  records.forEach((r, index) => {
    const line = index + 2;
    const before = issues.length;
    const candidate = {
      lot: r.lot ?? '',
      purchaser_name: r.purchaser_name ?? '',
      price_ex_gst_cents: centsFrom(r, 'price_ex_gst', line, issues),
      deposit_cents: centsFrom(r, 'deposit', line, issues),
      deposit_form: (r.deposit_form ?? '').toLowerCase(),
      bond_expiry: csvDate(r.bond_expiry) ?? null,
      related_party: yesNo(r.related_party),
      exchanged_on: csvDate(r.exchanged_on) ?? '',
      sunset_on: csvDate(r.sunset_on) ?? '',
    };
    const parsed = createPresaleBody.safeParse(candidate);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'row');
        issues.push({ field: `row ${line}.${field}`, message: `Row ${line}: ${issue.message}` });
      }
      return;
    }
    if (issues.length === before)
      for (const issue of checkPresale(parsed.data))
        issues.push({ field: `row ${line}.${issue.field}`, message: `Row ${line}: ${issue.message}` });
    const earlier = lots.get(parsed.data.lot);
    if (earlier !== undefined)
      issues.push({
        field: `row ${line}.lot`,
        message: `Row ${line}: lot ${parsed.data.lot} is already on row ${earlier}`,
      });
    else lots.set(parsed.data.lot, line);
    out.push(parsed.data);
  });
  if (issues.length > 0) throw validationFailed(issues);
  return out;
}

export async function importPresales(
  deps: FacilitiesDeps,
  options: { viewer: Viewer; facilityId: string; csv: string },
) {
  // Whoever may not write the register is refused before their file is read.
  await facilityForActor(deps.db, options.viewer, options.facilityId, ['developer']);
  const inputs = presalesFromCsv(options.csv);
  return auditedTransaction(deps.db, async (trx) => {
    const { facility } = await facilityForActor(trx, options.viewer, options.facilityId, ['developer'], {
      lock: true,
    });
    refuseIfRepaid(facility);
    const items = await insertPresales(trx, facility, options.viewer, inputs, (i) => `row ${i + 2}`);
    await testCovenants({ ...deps, db: trx }, facility.id, 'presale');
    return { items };
  });
}
