/**
 * Which conversation the chat shows, kept in the address (?conversation=...) so that a link,
 * a reload and the phone's back button all land where the person was.
 */
export type ConversationRef =
  | { kind: 'request'; id: string }
  | { kind: 'support' }
  | { kind: 'user'; userId: string };

export const CONVERSATION_PARAM = 'conversation';

export function conversationParam(ref: ConversationRef): string {
  switch (ref.kind) {
    case 'request':
      return `request:${ref.id}`;
    case 'support':
      return 'support';
    case 'user':
      return `user:${ref.userId}`;
  }
}

export function parseConversationParam(value: string | null): ConversationRef | null {
  if (!value) return null;
  if (value === 'support') return { kind: 'support' };
  const [kind, id] = [value.slice(0, value.indexOf(':')), value.slice(value.indexOf(':') + 1)];
  if (!id) return null;
  if (kind === 'request') return { kind: 'request', id };
  if (kind === 'user') return { kind: 'user', userId: id };
  return null;
}

/** The address of one conversation on /messages (a notification's tap-through target). */
export const conversationPath = (ref: ConversationRef) =>
  `/messages?${CONVERSATION_PARAM}=${encodeURIComponent(conversationParam(ref))}`;
