import {
  type AiMessage,
  aiChatMessages,
  type SendAiMessageResponse,
  titleFromQuestion,
} from '@plinth/domain/broker-ai/api';
import type {
  AiSessionWithFacility,
  CreateAiSessionWithFacilityBody,
} from '@plinth/domain/broker-ai/facility';
import { asksForMemo, type DealMemo } from '@plinth/domain/broker-ai/memo';
import { facilityMessages } from '@plinth/domain/facilities';
import type { AssistantProvider, AssistantRequest } from '../../adapters/assistant/assistant-provider';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { getProjectDetail } from '../projects/projects.service';
import { dealFactsOf, dealMemoFor, readableProject } from './ai-chat.context';
import { assertFacilityReadable, readableFacilityFigures } from './ai-chat.facility';
import { readableMessages, readableSessions, visibleMessages } from './ai-chat.history';
import * as repo from './ai-chat.repository';

const iso = (d: Date | string) => new Date(d).toISOString();
/** How many sessions the history lists, and how many earlier turns a reply is given. */
const SESSIONS_LISTED = 100;
const HISTORY_TURNS = 20;
const MESSAGES_LISTED = 500;

const toSession = (row: repo.SessionRow): AiSessionWithFacility => ({
  id: row.id,
  session_id: row.id,
  project_id: row.project_id,
  facility_id: row.facility_id,
  session_title: row.session_title,
  created_at: iso(row.created_at),
});

/**
 * POST /ai-chat/sessions: a free session, or one bound to a project the caller may read (the
 * projects module's check: anything else answers its 404, never a hint the project exists), or to
 * a facility the caller is a party of (or an admin: the facilities module's check, 404 otherwise).
 */
export async function createSession(
  db: Db,
  options: { viewer: Viewer; body: CreateAiSessionWithFacilityBody },
): Promise<AiSessionWithFacility> {
  const { viewer, body } = options;
  const projectId = body.project_id ?? null;
  const facilityId = body.facility_id ?? null;
  if (projectId) await getProjectDetail(db, { viewer, projectId });
  if (facilityId) await assertFacilityReadable(db, viewer, facilityId);
  const row = await repo.insertSession(db, {
    userId: viewer.id,
    projectId,
    facilityId,
    title: body.session_title || null,
  });
  return toSession(row);
}

/** GET /ai-chat/sessions: the caller's own, titled as they may read them now (decision 047). */
export async function listSessions(
  db: Db,
  options: { viewer: Viewer },
): Promise<{ items: AiSessionWithFacility[] }> {
  const rows = await repo.listSessions(db, options.viewer.id, SESSIONS_LISTED);
  return { items: (await readableSessions(db, options.viewer, rows)).map(toSession) };
}

/** The caller's own session, else 404 (someone else's session reads as missing). */
export async function findOwnSession(db: Db, options: { viewer: Viewer; sessionId: string }) {
  const session = await repo.findOwnSession(db, options.viewer.id, options.sessionId);
  if (!session) throw notFound(aiChatMessages.sessionNotFound);
  return session;
}

/**
 * GET /ai-chat/sessions/{id}/messages: oldest first, without what came from a project's whole file
 * that the caller can no longer read (one line says why instead: decision 047).
 */
export async function listMessages(
  db: Db,
  options: { viewer: Viewer; sessionId: string },
): Promise<{ items: AiMessage[] }> {
  const session = await findOwnSession(db, options);
  return { items: await readableMessages(db, options.viewer, session, { limit: MESSAGES_LISTED }) };
}

/**
 * POST /ai-chat/sessions/{id}/messages: stores the question, asks the assistant (with the
 * session's earlier turns and, for a project-bound session, the figures the caller may see of the
 * project), passes each piece of the reply to `onDelta` as it comes, then stores the reply.
 */
export async function sendMessage(
  deps: { db: Db; assistant: AssistantProvider },
  options: { viewer: Viewer; sessionId: string; message: string; onDelta?: (text: string) => void },
): Promise<SendAiMessageResponse> {
  const { db, assistant } = deps;
  const { viewer, message } = options;
  const session = await findOwnSession(db, options);
  const project = session.project_id ? await readableProject(db, viewer, session.project_id) : null;
  // A facility-bound chat answers only while its owner may read the facility (a party, an admin).
  const facility = session.facility_id
    ? await readableFacilityFigures(db, viewer, session.facility_id)
    : null;
  if (session.facility_id && !facility) throw notFound(facilityMessages.notFound);
  // The assistant is given the history as the caller may read it now: never figures of a file
  // they can no longer read.
  const history = await readableMessages(db, viewer, session, { limit: HISTORY_TURNS, project });
  // Asked with the whole file in view: the question and its answer may carry its figures.
  const fromFullFile = project?.view === 'full';
  const question = await repo.insertMessage(db, {
    sessionId: session.id,
    sender: 'user',
    message,
    fromFullFile,
  });
  if (!session.session_title || session.session_title === aiChatMessages.newChatTitle)
    await repo.setSessionTitle(db, session.id, titleFromQuestion(message));

  const request: AssistantRequest = {
    question: message,
    history: history.map((m) => ({ sender: m.sender, message: m.message })),
  };
  if (facility) request.facility = facility;
  if (project) {
    request.deal = dealFactsOf(project);
    if (asksForMemo(message)) request.memo = (await dealMemoFor(db, project)).text;
  }

  let text = '';
  // On a facility, the assistant is given its live figures as the asker may read them now: the
  // built-in analyst answers the five facility questions from them, a model calls the facility
  // tools that read them (decision 077).
  for await (const piece of assistant.reply(request)) {
    text += piece;
    options.onDelta?.(piece);
  }
  const reply = await repo.insertMessage(db, {
    sessionId: session.id,
    sender: 'ai',
    message: text.trim() || aiChatMessages.emptyReply,
    fromFullFile,
  });
  return { user_message_id: question.id, ai_message_id: reply.id, ai_response: reply.message };
}

/**
 * GET /ai-chat/sessions/{id}/memo: the memo of the session's project as the caller may see it
 * now; 404 for a free session or a project the caller can no longer read.
 */
export async function getSessionMemo(
  db: Db,
  options: { viewer: Viewer; sessionId: string },
): Promise<DealMemo> {
  const session = await findOwnSession(db, options);
  const project = session.project_id ? await readableProject(db, options.viewer, session.project_id) : null;
  if (!project) throw notFound(aiChatMessages.projectNotFound);
  return dealMemoFor(db, project);
}

/** One BrokerAI message as 'Download my data' lists it. */
export interface OwnChatLine {
  id: string;
  conversation: string;
  from: 'You' | 'BrokerAI';
  message: string;
  sent_at: string;
}

/**
 * Every BrokerAI chat of the person for 'Download my data', oldest first, exactly as they may read
 * it now: what came from a project's whole file they can no longer read is withheld as in the chat
 * itself (decision 047).
 */
export async function ownChatLines(db: Db, viewer: Viewer): Promise<OwnChatLine[]> {
  const sessions = await readableSessions(db, viewer, await repo.listSessions(db, viewer.id));
  const lines: OwnChatLine[] = [];
  for (const session of sessions.reverse()) {
    const rows = await repo.listMessages(db, session.id);
    const conversation = `BrokerAI: ${session.session_title || aiChatMessages.newChatTitle}`;
    for (const m of visibleMessages(rows, session.withholding?.notice ?? null)) {
      lines.push({
        id: m.id,
        conversation,
        from: m.sender === 'user' ? 'You' : 'BrokerAI',
        message: m.message,
        sent_at: m.timestamp,
      });
    }
  }
  return lines;
}
