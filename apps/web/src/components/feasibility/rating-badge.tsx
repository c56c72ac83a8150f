import { Badge } from '@mantine/core';
import type { HurdleStanding } from '@plinth/domain/broker-ai/feasibility';
import type { Rating } from '@plinth/domain/broker-ai/norms';

// Green / yellow / red as the app's status badges, with text dark enough for WCAG AA on the tint;
// the word carries the meaning, the colour only repeats it.
const tones = {
  green: '#1e6b30',
  yellow: '#8a4b00',
  red: '#a51d1d',
  gray: 'var(--mantine-color-gray-8)',
} as const;
type Tone = keyof typeof tones;

const ratingLooks: Record<Rating, { label: string; tone: Tone }> = {
  pass: { label: 'Pass', tone: 'green' },
  watch: { label: 'Watch', tone: 'yellow' },
  fail: { label: 'Fail', tone: 'red' },
};

export const standingLooks: Record<HurdleStanding, { label: string; tone: Tone; background: string }> = {
  clears: { label: 'Clears the hurdle', tone: 'green', background: 'var(--mantine-color-green-1)' },
  below: { label: 'Below the hurdle', tone: 'yellow', background: 'var(--mantine-color-yellow-1)' },
  loss: { label: 'Loss', tone: 'red', background: 'var(--mantine-color-red-1)' },
};

export function ToneBadge({ label, tone }: { label: string; tone: Tone }) {
  return (
    <Badge
      color={tone}
      c={tones[tone]}
      variant="light"
      size="sm"
      // A table column may be narrower than the word: the whole word shows, never 'NOT R…'.
      styles={{ root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {label}
    </Badge>
  );
}

/** A ratio's pass / watch / fail against its norm; 'Not rated' where no norm rates it. */
export function RatingBadge({ rating }: { rating: Rating | null }) {
  if (rating === null) return <ToneBadge label="Not rated" tone="gray" />;
  return <ToneBadge {...ratingLooks[rating]} />;
}
