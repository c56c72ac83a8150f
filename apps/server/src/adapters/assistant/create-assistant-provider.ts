import type { Config } from '../../config';
import type { AssistantProvider } from './assistant-provider';
import { createBuiltinAnalyst } from './builtin-analyst';

/**
 * The built-in analyst unless an OpenAI-compatible endpoint is configured (OPENAI_BASE_URL or OPENAI_API_KEY, and OPENAI_MODEL; AI_* as aliases, folded into config.AI_* by config.ts);
 * the `openai` SDK is imported only then (issue 12 item 8: memory at rest).
 */
export async function createAssistantProvider(config: Config): Promise<AssistantProvider> {
  if (config.AI_BASE_URL && config.AI_MODEL) {
    const { createOpenAiCompatibleProvider } = await import('./openai-provider');
    return createOpenAiCompatibleProvider({
      baseURL: config.AI_BASE_URL,
      apiKey: config.AI_API_KEY,
      model: config.AI_MODEL,
    });
  }
  return createBuiltinAnalyst();
}
