import { z } from 'zod';
import {
  answerFacilityQuestion,
  type FacilityFigures,
  type FacilityQuestion,
  facilityAnswer,
} from './facility';

/**
 * The facility tools offered to an OpenAI-compatible model in a facility-bound chat (decision 069):
 * each answers from the facility's live figures with its working, worded by the domain; the model
 * quotes the text and calculates nothing itself.
 */

const facilityTools: Record<string, { description: string; kind: FacilityQuestion }> = {
  facility_left_to_draw: {
    description: 'How much of the facility is left to draw: limit, drawn to date, undrawn, with the working',
    kind: 'leftToDraw',
  },
  facility_in_balance: {
    description: 'Whether the loan is in balance and by how much (shortfall or surplus), with the working',
    kind: 'inBalance',
  },
  facility_next_payment_schedule: {
    description: 'When the next Security of Payment payment schedule is due, per open draw, with the working',
    kind: 'nextSchedule',
  },
  facility_presale_cover: {
    description: 'The presale cover: qualifying presales ex GST over the facility limit, with the working',
    kind: 'presaleCover',
  },
  facility_closest_covenant: {
    description: "Which covenant is closest to breach, from each covenant's latest test, with the working",
    kind: 'closestCovenant',
  },
};

const noArgs = z.object({});

/** The facility tools in the chat-completions `tools` format. */
export const facilityToolDefinitions = () =>
  Object.entries(facilityTools).map(([name, t]) => {
    const { $schema: _schema, ...parameters } = z.toJSONSchema(noArgs) as Record<string, unknown>;
    return { type: 'function' as const, function: { name, description: t.description, parameters } };
  });

export const isFacilityTool = (name: string) => name in facilityTools;

/** Runs one facility tool call: the answer's text (its working) and the figures it states. */
export function runFacilityToolCall(name: string, figures: FacilityFigures | undefined) {
  const tool = facilityTools[name];
  if (!tool) return { error: `No tool named ${name}` };
  if (!figures) return { error: 'This chat is not about a facility' };
  const a = facilityAnswer([tool.kind], figures);
  return { answer: a.text, figures: a.figures };
}

export { answerFacilityQuestion };
