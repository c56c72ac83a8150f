import { declineAnswer, isDeclinedRequest } from '@plinth/domain/broker-ai/analyst';
import { GENERAL_INFORMATION_NOTE } from '@plinth/domain/broker-ai/answer';
import {
  facilityToolDefinitions,
  isFacilityTool,
  runFacilityToolCall,
} from '@plinth/domain/broker-ai/facility-tools';
import { runToolCall, toolDefinitions } from '@plinth/domain/broker-ai/tool-calls';
import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { AssistantProvider, AssistantRequest } from './assistant-provider';
import { chunksOf } from './builtin-analyst';

const SYSTEM_PROMPT = `You are BrokerAI, an analyst for Australian property-development finance on the Plinth marketplace.
Use the tools for every figure: never calculate, estimate or invent a number yourself. If a figure you need is missing, ask for it.
For any question that gives or asks for figures, call analyse_question with the question exactly as written, and answer with its "answer" text as it stands (its working, line by line); when it asks for a figure, ask the user for that figure and print no figure of your own.
Plinth's LVR is loan / land value; show it beside loan / GRV ex GST and loan / TDC, each labelled.
Quote norms as typical ranges with the kind of their source (regulator, lender or broker marketing).
Decline politely to guarantee any outcome or to give personal financial advice.
End every answer that bears on a decision with the line: "${GENERAL_INFORMATION_NOTE}"
Be brief: a few short lines, plain text.`;

/** Told to the model in a facility-bound chat, beside the facility tools it is offered. */
const FACILITY_PROMPT = `This chat is about a loan facility. For how much is left to draw, whether the loan is in balance and by how much, when the next payment schedule is due, the presale cover, or which covenant is closest to breach, call the facility tool for it (facility_left_to_draw, facility_in_balance, facility_next_payment_schedule, facility_presale_cover, facility_closest_covenant) and answer with its "answer" text as it stands, its working line by line. For anything else about the facility, say which of those five you can answer.`;

/** The heading under which a facility tool's working is added when the model's reply left it out. */
export const FACILITY_WORKING_HEADING = 'The facility’s figures, as its tools gave them:';

/** How many rounds of tool calls a reply may take before the model must answer. */
const MAX_TOOL_ROUNDS = 4;

export interface OpenAiCompatibleOptions {
  baseURL: string;
  apiKey?: string;
  model: string;
  /** Milliseconds before a request to the model is given up (default 30 s). */
  timeoutMs?: number;
}

/**
 * Any OpenAI-compatible chat-completions endpoint, through the `openai` SDK: the domain's finance
 * tools offered as function calls and run here, the reply streamed as it comes.
 */
export function createOpenAiCompatibleProvider(options: OpenAiCompatibleOptions): AssistantProvider {
  const client = new OpenAI({
    baseURL: options.baseURL,
    apiKey: options.apiKey ?? 'not-needed',
    timeout: options.timeoutMs ?? 30_000,
    maxRetries: 1,
  });
  const financeTools = toolDefinitions();
  const withFacilityTools = [...financeTools, ...facilityToolDefinitions()];

  return {
    name: 'openai-compatible',
    async *reply(request: AssistantRequest) {
      // A guarantee or personal advice is declined whoever answers, before any model is asked.
      if (isDeclinedRequest(request.question)) {
        yield* chunksOf(declineAnswer().text);
        return;
      }
      // A facility chat is offered the facility tools; any other chat never sees them.
      const tools = request.facility ? withFacilityTools : financeTools;
      const messages: ChatCompletionMessageParam[] = [
        { role: 'system', content: SYSTEM_PROMPT },
        ...(request.facility ? [{ role: 'system' as const, content: FACILITY_PROMPT }] : []),
        ...(request.deal
          ? [
              {
                role: 'system' as const,
                content: 'This chat is about a project: call deal_figures for its figures.',
              },
            ]
          : []),
        ...request.history.map((turn) =>
          turn.sender === 'user'
            ? { role: 'user' as const, content: turn.message }
            : { role: 'assistant' as const, content: turn.message },
        ),
        { role: 'user', content: request.memo ? `${request.question}\n\n${request.memo}` : request.question },
      ];
      let text = '';
      let usedTool = false;
      /** The working each facility tool call returned, to be shown whatever the model says. */
      const facilityWorking: string[] = [];
      for (let round = 0; round <= MAX_TOOL_ROUNDS; round++) {
        const stream = await client.chat.completions.create({
          model: options.model,
          messages,
          stream: true,
          ...(round < MAX_TOOL_ROUNDS ? { tools, tool_choice: 'auto' as const } : {}),
        });
        const calls: { id: string; name: string; args: string }[] = [];
        for await (const chunk of stream) {
          const delta = chunk.choices[0]?.delta;
          if (delta?.content) {
            text += delta.content;
            yield delta.content;
          }
          for (const c of delta?.tool_calls ?? []) {
            calls[c.index] ??= { id: '', name: '', args: '' };
            const slot = calls[c.index]!;
            if (c.id) slot.id = c.id;
            if (c.function?.name) slot.name += c.function.name;
            if (c.function?.arguments) slot.args += c.function.arguments;
          }
        }
        if (calls.length === 0) break;
        usedTool = true;
        messages.push({
          role: 'assistant',
          content: null,
          tool_calls: calls.map((c) => ({
            id: c.id,
            type: 'function' as const,
            function: { name: c.name, arguments: c.args },
          })),
        });
        for (const c of calls) {
          let result: unknown;
          if (isFacilityTool(c.name)) {
            const onFacility = runFacilityToolCall(c.name, request.facility);
            const working = onFacility.answer;
            if (working !== undefined && !facilityWorking.includes(working)) facilityWorking.push(working);
            result = onFacility;
          } else result = runToolCall(c.name, c.args, { deal: request.deal });
          messages.push({ role: 'tool', tool_call_id: c.id, content: JSON.stringify(result) });
        }
      }
      // The facility's working is always shown: what the model left out of its reply is added.
      const missing = facilityWorking.filter((w) => !text.includes(w));
      if (missing.length) yield `\n\n${FACILITY_WORKING_HEADING}\n${missing.join('\n\n')}`;
      // A figure from our tools bears on a decision: the note is never left to the model's memory.
      if (usedTool && !text.includes(GENERAL_INFORMATION_NOTE)) yield `\n${GENERAL_INFORMATION_NOTE}`;
    },
  };
}
