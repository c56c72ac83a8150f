import type { DealFacts } from '@plinth/domain/broker-ai/calculations';
import type { FacilityFigures } from '@plinth/domain/broker-ai/facility';

/** One earlier turn of the conversation, oldest first. */
export interface AssistantTurn {
  sender: 'user' | 'ai';
  message: string;
}

export interface AssistantRequest {
  question: string;
  history: AssistantTurn[];
  /** The bound deal's figures, only those the asker may see. */
  deal?: DealFacts;
  /** A ready memo of the bound deal (project-bound sessions asking to analyse it). */
  memo?: string;
  /**
   * The bound facility's live figures, read for this question through the facility routes' own
   * services with the asker as viewer (decision 069): the facility tools answer from these.
   */
  facility?: FacilityFigures;
}

/**
 * What answers BrokerAI's questions: the built-in analyst (default, offline) or any
 * OpenAI-compatible chat endpoint (OPENAI_BASE_URL, OPENAI_MODEL). Both stream text; the figures always
 * come from packages/domain/src/broker-ai/tools.ts.
 */
export interface AssistantProvider {
  readonly name: 'builtin' | 'openai-compatible';
  reply(request: AssistantRequest): AsyncIterable<string>;
}

/** A whole reply from a streamed one. */
export async function replyText(provider: AssistantProvider, request: AssistantRequest): Promise<string> {
  let text = '';
  for await (const chunk of provider.reply(request)) text += chunk;
  return text;
}
