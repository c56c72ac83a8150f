import { answerQuestion } from '@plinth/domain/broker-ai/analyst';
import { answerFacilityQuestion } from '@plinth/domain/broker-ai/facility';
import type { AssistantProvider, AssistantRequest } from './assistant-provider';

/** The answer in pieces of a few words, so the web app shows the first words at once. */
export function* chunksOf(text: string, wordsPerChunk = 4): Generator<string> {
  const parts = text.split(/(?<=\s)/);
  for (let i = 0; i < parts.length; i += wordsPerChunk) yield parts.slice(i, i + wordsPerChunk).join('');
}

/** The built-in analyst: no network, no model; every figure from the domain's finance tools. */
export function createBuiltinAnalyst(): AssistantProvider {
  return {
    name: 'builtin',
    async *reply(request: AssistantRequest) {
      if (request.memo) {
        yield* chunksOf(request.memo);
        return;
      }
      // On a facility, its five questions are answered from its figures; a question about the
      // facility it cannot place is asked back; anything else goes to the analyst (decision 069).
      const onFacility = request.facility ? answerFacilityQuestion(request.question, request.facility) : null;
      if (onFacility) {
        yield* chunksOf(onFacility.text);
        return;
      }
      yield* chunksOf(answerQuestion(request.question, { deal: request.deal }).text);
    },
  };
}
