import { z } from 'zod';
import { formatAccessLastDay } from '../access-revocation';
import { MESSAGE_MAX_LENGTH } from '../constants';

/** BrokerAI's chat calls (spec 000 sections 3 and 7): sessions and their messages. */

export const aiChatMessages = {
  sessionNotFound: 'Chat session not found',
  projectNotFound: 'Project not found',
  messageRequired: 'Please enter a message',
  messageTooLong: `Messages are at most ${MESSAGE_MAX_LENGTH} characters`,
  titleTooLong: 'Session titles are at most 200 characters',
  newChatTitle: 'New Chat',
  /** Stored when a model answers with nothing at all. */
  emptyReply: 'I could not find an answer to that. Please rephrase the question.',
  /**
   * What a chat shows in place of the messages asked and answered with a project's whole file,
   * once its owner's access has ended (revoked, or lapsed on its last day): decision 047.
   */
  accessEnded: (project: string, endedOn: string) =>
    `Your access to ${project} ended on ${endedOn}; figures from the confidential file are no longer shown.`,
  /** The same, when the whole file is out of reach for another reason (the listing withdrawn, the marketplace gate). */
  fileOutOfReach: (project: string) =>
    `You can no longer see the full file of ${project}; figures from the confidential file are not shown.`,
  /** A chat whose project was deleted since. */
  projectGone:
    'The project this chat was about is no longer on Plinth; figures from its file are no longer shown.',
  /** The title of such a chat in the list (its own title may have quoted the figures). */
  withheldTitle: (project: string) => `Chat about ${project}`,
  goneProject: 'a project no longer on Plinth',
} as const;

const sydneyDay = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Australia/Sydney',
});

/**
 * The day a funder's access ended, as a withheld chat says it ('12 Dec 2026', Sydney): for a lapse,
 * the last day of access (as the lapse's own reason says it); else the day it was revoked.
 */
export function accessEndedOn(request: { revoked_at: Date | string; access_until: Date | string | null }) {
  const lapsed =
    request.access_until !== null &&
    new Date(request.access_until).getTime() <= new Date(request.revoked_at).getTime();
  return lapsed ? formatAccessLastDay(request.access_until!) : sydneyDay.format(new Date(request.revoked_at));
}

/** The title a session takes from its first question when it was created without one. */
export const SESSION_TITLE_FROM_QUESTION_LENGTH = 60;

export function titleFromQuestion(question: string): string {
  const oneLine = question.replace(/\s+/g, ' ').trim();
  return oneLine.length <= SESSION_TITLE_FROM_QUESTION_LENGTH
    ? oneLine
    : `${oneLine.slice(0, SESSION_TITLE_FROM_QUESTION_LENGTH - 1).trimEnd()}…`;
}

/** POST /ai-chat/sessions: free (project_id null) or bound to a project the caller may read. */
export const createAiSessionBody = z.strictObject({
  project_id: z.uuid({ error: aiChatMessages.projectNotFound }).nullish(),
  session_title: z.string().trim().max(200, aiChatMessages.titleTooLong).nullish(),
});
export type CreateAiSessionBody = z.infer<typeof createAiSessionBody>;

export const aiSession = z.object({
  id: z.string(),
  session_id: z.string(),
  project_id: z.string().nullable(),
  session_title: z.string().nullable(),
  created_at: z.string(),
});
export type AiSession = z.infer<typeof aiSession>;

/** GET /ai-chat/sessions: the caller's own sessions, newest first. */
export const aiSessionsResponse = z.object({ items: z.array(aiSession) });

export const aiSessionIdParams = z.object({ id: z.uuid({ error: aiChatMessages.sessionNotFound }) });

export const aiMessageSenders = ['user', 'ai'] as const;
export const aiMessage = z.object({
  id: z.string(),
  sender: z.enum(aiMessageSenders),
  message: z.string(),
  timestamp: z.string(),
});
export type AiMessage = z.infer<typeof aiMessage>;

/** GET /ai-chat/sessions/{id}/messages: oldest first. */
export const aiMessagesResponse = z.object({ items: z.array(aiMessage) });

export const sendAiMessageBody = z.strictObject({
  message: z
    .string({ error: aiChatMessages.messageRequired })
    .trim()
    .min(1, aiChatMessages.messageRequired)
    .max(MESSAGE_MAX_LENGTH, aiChatMessages.messageTooLong),
});
export type SendAiMessageBody = z.infer<typeof sendAiMessageBody>;

/** POST /ai-chat/sessions/{id}/messages. */
export const sendAiMessageResponse = z.object({
  user_message_id: z.string(),
  ai_message_id: z.string(),
  ai_response: z.string(),
});
export type SendAiMessageResponse = z.infer<typeof sendAiMessageResponse>;

/**
 * POST /ai-chat/sessions/{id}/messages/stream answers text/event-stream: `delta` events carry
 * pieces of the reply as they come, then one `done` (the stored reply) or one `error`.
 */
export type AiStreamEvent =
  | { type: 'delta'; text: string }
  | ({ type: 'done' } & SendAiMessageResponse)
  | { type: 'error'; error: string };
