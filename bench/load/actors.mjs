// The load benchmark's simulated people: each one a loop of think time (200-800 ms from its own
// seeded generator) and one real HTTP request, until the run ends.
// - Funders browse the marketplace with varied filters (../marketplace/varied.mjs), open previews of
//   listings on the page they saw, and now and then ask for access to one they have not asked about.
// - Developers write in their conversation (an approved access request), read it, and now and then
//   upload a small PDF to their draft project.
// - Admins list the projects under review, then approve the next one of their own queue (unless
//   the run is without approvals).
// Requests go through Node's fetch (undici, keep-alive); every answer is recorded (stats.mjs).
import { variedQueries } from '../marketplace/varied.mjs';

/** mulberry32: a small, fast, seeded generator of floats in [0, 1). */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const THINK_MS = [200, 800];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const think = (random) => sleep(THINK_MS[0] + (THINK_MS[1] - THINK_MS[0]) * random());

/**
 * A small, well-formed PDF of about `bytes` bytes: one page whose content stream is lines of text
 * (a feasibility study's figures), with a correct cross-reference table.
 */
export function smallPdf(bytes = 300 * 1024) {
  const lines = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const line = `BT /F1 9 Tf 40 ${800 - (i % 80) * 10} Td (Line ${i + 1}: GRV $${(12_500_000 + i * 1375).toLocaleString('en-AU')}, TDC $${(9_800_000 + i * 911).toLocaleString('en-AU')}) Tj ET\n`;
    lines.push(line);
    size += line.length;
  }
  const content = lines.join('');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}endstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets = [];
  for (const [i, object] of objects.entries()) {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${object}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A multipart body carrying one PDF as `documentType` (what the project wizard sends). */
export function uploadBody(pdf, documentType) {
  const boundary = `----plinthload${documentType}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="document_types"\r\n\r\n${JSON.stringify([documentType])}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="documents"; filename="${documentType}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.concat([head, pdf, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
}

/**
 * The shared context: `call` makes one request as a person, records it, and returns the answer's
 * text (null for a failure or any non-2xx, which the recorder counts as an error).
 */
export function context({ baseURL, recorder, seed, uploads, approvals = true, undertaking = true }) {
  let done = false;
  return {
    seed,
    uploads,
    approvals,
    undertaking,
    done: () => done,
    finish: () => {
      done = true;
    },
    async call(person, action, method, path, { json, body, contentType } = {}) {
      const headers = { cookie: person.cookie, origin: baseURL };
      let payload = body;
      if (json !== undefined) {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(json);
      } else if (contentType) headers['content-type'] = contentType;
      const measured = recorder.measuring;
      const started = performance.now();
      let status;
      let text;
      let error;
      let cache;
      try {
        const res = await fetch(`${baseURL}${path}`, { method, headers, body: payload });
        text = await res.text();
        status = res.status;
        cache = res.headers.get('x-read-cache');
      } catch (failure) {
        error = failure;
      }
      recorder.record(action, {
        ms: performance.now() - started,
        status,
        error,
        cache,
        body: text,
        measured,
      });
      if (error !== undefined || status < 200 || status > 299) return null;
      return text;
    },
  };
}

const pick = (random, list) => list[Math.floor(random() * list.length)];

async function funder(ctx, person) {
  const { random } = person;
  const queries = variedQueries(ctx.seed + person.index);
  let items = [];
  const asked = new Set();
  const browse = async () => {
    const query = queries.next();
    const text = await ctx.call(person, 'funder_browse', 'GET', `/api/projects${query ? `?${query}` : ''}`);
    if (text) items = JSON.parse(text).items;
  };
  while (!ctx.done()) {
    await think(random);
    if (ctx.done()) break;
    const roll = random();
    if (items.length === 0 || roll < 0.6) {
      await browse();
    } else if (roll < 0.96) {
      await ctx.call(person, 'funder_preview', 'GET', `/api/projects/${pick(random, items).id}`);
    } else {
      // Only a listing this funder has not asked about (the marketplace says so): a second request
      // would rightly be refused.
      const fresh = items.filter((item) => item.access_status === null && !asked.has(item.id));
      if (fresh.length === 0) {
        await browse();
        continue;
      }
      const item = pick(random, fresh);
      asked.add(item.id);
      const text = await ctx.call(person, 'funder_request_access', 'POST', '/api/access-requests', {
        json: {
          project_id: item.id,
          initial_message: `Hello, we fund projects like ${item.title} and would like to review the full file.`,
          // An older build (bench:load --compare) may not take the undertaking yet.
          ...(ctx.undertaking ? { undertaking: { accepted: true, full_name: 'Load Test Funder' } } : {}),
        },
      });
      if (text) item.access_status = 'pending';
    }
  }
}

const QUESTIONS = [
  'The QS report is in the data room now; the contingency is 5 % of construction.',
  'We have 14 of 22 units pre-sold, deposits held in trust.',
  'Happy to walk you through the feasibility on a call this week.',
  'The builder is on a fixed-price contract with a 12-month programme.',
  'Council approval came through last month; the permit is attached.',
];

async function developer(ctx, person) {
  const { random } = person;
  const thread = `/api/access-requests/${person.conversationId}/messages`;
  while (!ctx.done()) {
    await think(random);
    if (ctx.done()) break;
    const roll = random();
    if (roll < 0.5) {
      await ctx.call(person, 'developer_message', 'POST', thread, {
        json: { message: pick(random, QUESTIONS) },
      });
    } else if (roll < 0.9) {
      await ctx.call(person, 'developer_read_thread', 'GET', thread);
    } else {
      const upload = pick(random, ctx.uploads);
      await ctx.call(person, 'developer_upload', 'POST', `/api/projects/${person.draftId}/documents`, upload);
    }
  }
}

async function admin(ctx, person) {
  const { random } = person;
  while (!ctx.done()) {
    await think(random);
    if (ctx.done()) break;
    await ctx.call(person, 'admin_list_pending', 'GET', '/api/admin/projects?status=pending_review&limit=20');
    await think(random);
    if (ctx.done()) break;
    // Without approvals (--approvals off) admins only look at the queue.
    if (!ctx.approvals) continue;
    // The next project of this admin's own queue: never one another admin is approving.
    const id = person.queue.shift();
    if (!id) {
      person.queueRanOut = true;
      continue;
    }
    const text = await ctx.call(person, 'admin_approve', 'POST', `/api/admin/approve-project/${id}`, {
      json: {},
    });
    if (text) person.approved = (person.approved ?? 0) + 1;
  }
}

const loops = { funder, developer, admin };

/** Runs every person's loop until `ctx.finish()`; resolves when all have stopped. */
export function runPeople(ctx, people) {
  return Promise.all(
    people.map((person, index) => {
      person.index = index;
      person.random = mulberry32((ctx.seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0);
      return loops[person.kind](ctx, person);
    }),
  );
}
