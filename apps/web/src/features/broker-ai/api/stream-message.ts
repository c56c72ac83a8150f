import type { AiStreamEvent, SendAiMessageResponse } from '@plinth/domain/broker-ai/api';
import { errorTextFrom } from '@plinth/domain/format';
import { ApiError } from '../../../lib/api-client';

/**
 * POST /api/ai-chat/sessions/{id}/messages/stream: asks BrokerAI and hands each piece of the reply
 * to `onDelta` as it arrives (text/event-stream); resolves to the stored reply. The caller
 * invalidates the chat's messages and the chat list (brokerAiQueryKeys) when it resolves.
 */
export async function streamMessage(
  sessionId: string,
  message: string,
  onDelta: (text: string) => void,
): Promise<SendAiMessageResponse> {
  const response = await fetch(`/api/ai-chat/sessions/${sessionId}/messages/stream`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ message }),
  });
  if (!response.ok || !response.body) {
    const text = await response.text();
    throw new ApiError(response.status, errorTextFrom(response.status, text));
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
      if (!frame.startsWith('data: ')) continue;
      const event = JSON.parse(frame.slice(6)) as AiStreamEvent;
      if (event.type === 'delta') onDelta(event.text);
      else if (event.type === 'error') throw new ApiError(502, event.error);
      else return event;
    }
  }
  throw new ApiError(502, 'The reply ended early');
}
