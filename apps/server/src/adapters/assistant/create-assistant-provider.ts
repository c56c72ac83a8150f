import type { Config } from '../../config';
import type { AssistantProvider } from './assistant-provider';
import { createBuiltinAnalyst } from './builtin-analyst';
import { createOpenAiCompatibleProvider } from './openai-provider';

/** The built-in analyst unless an OpenAI-compatible endpoint is configured (AI_BASE_URL and AI_MODEL). */
export function createAssistantProvider(config: Config): AssistantProvider {
  if (config.AI_BASE_URL && config.AI_MODEL)
    return createOpenAiCompatibleProvider({
      baseURL: config.AI_BASE_URL,
      apiKey: config.AI_API_KEY,
      model: config.AI_MODEL,
    });
  return createBuiltinAnalyst();
}
