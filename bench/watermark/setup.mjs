// bench/watermark's shared set-up: the 10 MB, 50-page PDF and a listing whose data room holds it,
// published by an admin's override, with the demo funder granted access.
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { drawImage, PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { signIn } from '../lib/server.mjs';

export const PAGES = 50;
const TARGET_BYTES = 10 * 1024 * 1024 - 200 * 1024;
const DEMO_PASSWORD = 'plinth-demo-2026';
const ADMIN_PASSWORD = 'plinth-admin-2026';

/** 50 pages of text, each with a photo-sized image of noise (incompressible), ~10 MB in all. */
export async function makePdf() {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const perPage = Math.floor(TARGET_BYTES / PAGES / 3);
  const side = Math.floor(Math.sqrt(perPage));
  for (let n = 1; n <= PAGES; n++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Feasibility study, page ${n} of ${PAGES}`, { x: 50, y: 780, size: 16, font });
    const image = doc.context.register(
      doc.context.stream(randomBytes(side * side * 3), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: side,
        Height: side,
        ColorSpace: 'DeviceRGB',
        BitsPerComponent: 8,
      }),
    );
    const name = page.node.newXObject('Im', image);
    page.pushOperators(
      ...drawImage(name, {
        x: 50,
        y: 200,
        width: 495,
        height: 495,
        rotate: { type: 'degrees', angle: 0 },
        xSkew: { type: 'degrees', angle: 0 },
        ySkew: { type: 'degrees', angle: 0 },
      }),
    );
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

export async function call(baseURL, cookie, method, path, body) {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: { cookie, origin: baseURL, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

export const load1 = () => +loadavg()[0].toFixed(2);
export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** A draft with the PDF, published by an admin's override, and the funder granted access. */
export async function grantedDocument(baseURL, pdf, { viewOnly = false } = {}) {
  const [developer, funder, admin] = await Promise.all([
    signIn(baseURL, 'developer@plinth.local', DEMO_PASSWORD),
    signIn(baseURL, 'funder.active@plinth.local', DEMO_PASSWORD),
    signIn(baseURL, 'admin@plinth.local', ADMIN_PASSWORD),
  ]);
  const project = await call(baseURL, developer, 'POST', '/api/projects', {
    title: 'Watermark benchmark',
    location: '1 Bench St, Parramatta NSW 2150',
    suburb: 'Parramatta',
    loan_amount: 1_000_000,
    total_project_cost: 2_000_000,
    equity_contribution: 500_000,
  });
  const form = new FormData();
  form.append('document_types', JSON.stringify(['feasibility_study']));
  form.append('view_only', JSON.stringify([viewOnly]));
  form.append('documents', new Blob([pdf], { type: 'application/pdf' }), 'feasibility.pdf');
  const uploaded = await fetch(`${baseURL}/api/projects/${project.id}/documents`, {
    method: 'POST',
    headers: { cookie: developer, origin: baseURL },
    body: form,
  });
  const upload = await uploaded.json();
  if (uploaded.status !== 200 || upload.uploaded?.length !== 1)
    throw new Error(`upload: ${uploaded.status} ${JSON.stringify(upload)}`);
  await call(baseURL, admin, 'POST', `/api/admin/force-publish-project/${project.id}`, {
    reason: 'Watermark benchmark',
  });
  const request = await call(baseURL, funder, 'POST', '/api/access-requests', {
    project_id: project.id,
    undertaking: { accepted: true, full_name: 'Benchmark Funder' },
  });
  await call(baseURL, developer, 'PUT', `/api/access-requests/${request.id}/approve`);
  return { documentId: upload.uploaded[0].id, developer, funder, admin };
}
