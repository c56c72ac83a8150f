import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseURL } from './browser';

/** The default required documents (a system setting), in the order the wizard lists them. */
export const REQUIRED_DOCUMENT_TYPES = [
  'feasibility_study',
  'development_approval',
  'architectural_plans',
  'quantity_surveyor_report',
  'valuation_report',
  'title_search',
] as const;
export type DocumentType = (typeof REQUIRED_DOCUMENT_TYPES)[number];

/** 'quantity_surveyor_report' → 'Quantity Surveyor Report', the label of its file picker. */
export const documentLabel = (type: string) =>
  type
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

export const TEST_CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
} as const;

/** A PDF the server accepts: it checks the extension and the leading bytes. */
function pdfBytes(label: string, size = 0): Buffer {
  // A real one-page PDF (a funder's copy is stamped, decision 034), padded before its end.
  const head = Buffer.from(
    `%PDF-1.7\n% Plinth e2e fixture: ${label}\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj\n3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>> endobj\ntrailer <</Root 1 0 R>>\n`,
  );
  const tail = Buffer.from('\n%%EOF\n');
  const padding = Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20);
  return Buffer.concat([head, padding, tail]);
}

export interface DocumentFiles {
  /** A small PDF per required type, on disk. */
  paths: Record<DocumentType, string>;
  /** A ~8 MB PDF, so an upload lasts long enough for its progress bar to be seen. */
  largePath: string;
  remove: () => void;
}

/** Writes the fixture PDFs to a fresh temporary folder; `remove` deletes it. */
export function writeDocumentFiles(largeBytes = 8 * 1024 * 1024): DocumentFiles {
  const dir = mkdtempSync(join(tmpdir(), 'plinth-e2e-docs-'));
  const paths = {} as Record<DocumentType, string>;
  for (const type of REQUIRED_DOCUMENT_TYPES) {
    paths[type] = join(dir, `${type}.pdf`);
    writeFileSync(paths[type], pdfBytes(type));
  }
  const largePath = join(dir, 'feasibility_study_full.pdf');
  writeFileSync(largePath, pdfBytes('large', largeBytes));
  return { paths, largePath, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

// The server refuses cookie-bearing writes from foreign origins; the browser would send ours.
const headers = () => ({ origin: baseURL() });

async function postJson<T>(context: BrowserContext, path: string, data: object, status = 200): Promise<T> {
  const res = await context.request.post(path, { data, headers: headers() });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(status);
  return (await res.json()) as T;
}

/** A valid project body (steps 1-3 of the wizard); the title tells the journeys' projects apart. */
export const projectFields = (title: string) => ({
  title,
  description: 'Twelve townhouses on a corner block, close to the station.',
  location: '10 Church Street, Parramatta NSW 2150',
  suburb: 'Parramatta',
  city: 'Sydney',
  state: 'NSW',
  postcode: '2150',
  property_type: 'Residential',
  development_stage: 'Planning',
  loan_amount: 2_500_000,
  interest_rate: 9.5,
  loan_term: 18,
  total_project_cost: 4_000_000,
  equity_contribution: 1_000_000,
  land_value: 3_000_000,
});

/** Fixture: a draft project of the context's (signed-in developer) account, made through the API. */
export async function createProjectViaApi(context: BrowserContext, title: string): Promise<string> {
  const project = await postJson<{ id: string }>(context, '/api/projects', projectFields(title), 201);
  return project.id;
}

/** Fixture: the six required documents, one multipart request per file, as the wizard sends them. */
export async function uploadDocumentsViaApi(context: BrowserContext, projectId: string) {
  for (const type of REQUIRED_DOCUMENT_TYPES) {
    const res = await context.request.post(`/api/projects/${projectId}/documents`, {
      headers: headers(),
      multipart: {
        documents: { name: `${type}.pdf`, mimeType: 'application/pdf', buffer: pdfBytes(type) },
        document_types: JSON.stringify([type]),
      },
    });
    const body = await res.text();
    expect(res.status(), `upload ${type}: ${body}`).toBe(200);
    expect((JSON.parse(body) as { failed: unknown[] }).failed, `upload ${type}`).toEqual([]);
  }
}

/** Fixture: pays the listing fee through the sandbox with the success card; the project goes under review. */
export async function payViaApi(context: BrowserContext, projectId: string) {
  const intent = await postJson<{ status: string; payment_intent_id: string; client_secret: string }>(
    context,
    '/api/payments/create-project-payment',
    { project_id: projectId },
  );
  expect(intent.status).toBe('requires_confirmation');
  const result = await postJson<{ status: string }>(context, '/api/payments/sandbox/confirm', {
    payment_intent_id: intent.payment_intent_id,
    client_secret: intent.client_secret,
    card_number: TEST_CARDS.success.replace(/\s/g, ''),
  });
  expect(result.status).toBe('succeeded');
}

/** Fixture: a project with all its documents, paid for and waiting for the admin's review. */
export async function createProjectUnderReview(context: BrowserContext, title: string) {
  const id = await createProjectViaApi(context, title);
  await uploadDocumentsViaApi(context, id);
  await payViaApi(context, id);
  return id;
}

/** Chooses a file through the picker the labelled control opens, as a person would. */
export async function chooseFile(page: Page, label: string, path: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: label, exact: true }).click();
  await (await chooser).setFiles(path);
}

let counter = 0;
/** A unique project title, so each journey finds its own row among every run's projects. */
export const uniqueTitle = (name: string) => `${name} ${process.pid}-${Date.now().toString(36)}-${counter++}`;
