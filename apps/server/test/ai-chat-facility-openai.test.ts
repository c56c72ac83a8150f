import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { formatAudCents } from '@plinth/domain/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, type TestApp } from './helpers';
import { call, createFacilityWorld, type FacilityWorld } from './support/facilities';

// Decision 069 with an OpenAI-compatible model configured (OPENAI_*): in a facility chat the five
// questions are answered from the facility's figures by the domain, so no figure of the facility
// passes through the model; a question that is not about the facility still goes to the model.
// The model is a local stand-in that speaks streamed chat completions and counts its requests.

let requests = 0;
let standIn: Server;
let t: TestApp;
let w: FacilityWorld;

const chunk = (delta: object, finish: string | null = null) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'stand-in',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;

beforeAll(async () => {
  standIn = createServer(async (req, res) => {
    for await (const _ of req);
    requests += 1;
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(chunk({ role: 'assistant', content: 'From the stand-in model.' }, 'stop'));
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  const { port } = standIn.address() as AddressInfo;
  t = await buildTestApp({
    OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`,
    OPENAI_MODEL: 'stand-in',
    OPENAI_API_KEY: 'test-key',
  });
  w = await createFacilityWorld(t);
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => standIn.close(() => resolve()));
});

async function ask(sessionId: string, message: string): Promise<string> {
  const res = await as(t.app, w.funder, {
    method: 'POST',
    url: `/api/ai-chat/sessions/${sessionId}/messages`,
    payload: { message },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().ai_response;
}

describe('a facility chat with a model configured', () => {
  it('answers the facility questions from its figures without the model; other questions go to it', async () => {
    const session = await call(
      t,
      w.funder,
      { method: 'POST', url: '/api/ai-chat/sessions', payload: { facility_id: w.facilityId } },
      201,
    );
    const facility = await call(t, w.funder, { method: 'GET', url: `/api/facilities/${w.facilityId}` });
    const before = requests;
    expect(await ask(session.id, 'How much is left to draw?')).toContain(
      `Left to draw: ${formatAudCents(facility.undrawn_cents)}.`,
    );
    expect(await ask(session.id, 'What about the facility retention thing?')).toContain(
      'I’m not sure what you’re asking of this facility',
    );
    expect(requests).toBe(before);
    expect(await ask(session.id, 'What is mezzanine finance?')).toContain('From the stand-in model.');
    expect(requests).toBe(before + 1);
  });
});
