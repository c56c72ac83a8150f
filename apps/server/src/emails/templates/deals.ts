import { formatDate } from '@plinth/domain/format';
import { action, blocks, type EmailContent, figures, paragraph, quote } from '../content';

// Deal-room e-mails: a room opened, a note, a deal completed.

export const dealEngagement = (p: { funderName: string; title: string; url: string }): EmailContent => ({
  subject: `New deal engagement: "${p.title}"`,
  blocks: blocks(
    paragraph(
      `${p.funderName} has engaged on your project "${p.title}" and opened a deal room. ` +
        'Share documents, answer their questions and receive their indicative quote there.',
    ),
    action('Open the deal room', p.url),
  ),
});

export const dealNote = (p: {
  sender: string;
  title: string;
  message: string;
  url: string;
}): EmailContent => ({
  subject: `${p.sender} sent you a note about "${p.title}"`,
  blocks: blocks(
    paragraph(`${p.sender} wrote in your deal room for "${p.title}":`),
    quote(p.message),
    action('Reply in the deal room', p.url),
  ),
});

const completionFigures = (p: { title: string; by: string; on: Date; timeZone: string }) =>
  figures(
    'The deal',
    [
      ['Project', p.title],
      ['Completed by', p.by],
      ['Completed on', formatDate(p.on, p.timeZone)],
      ['Project status', 'Funded'],
    ],
    false,
  );

/** To the funder: the deal is done (by the developer, or by the Plinth team with a reason). */
export const dealCompleted = (p: {
  title: string;
  by: string;
  on: Date;
  /** The recipient's zone (decision 074): the day is theirs. */
  timeZone: string;
  why: string;
  url: string;
}): EmailContent => ({
  subject: `Deal completed: "${p.title}"`,
  blocks: blocks(
    paragraph(
      `The deal on "${p.title}" was completed by ${p.by}. The project is marked funded and has left ` +
        'the marketplace; it is in the Funded group of your portfolio.',
    ),
    p.why.trim() !== '' && paragraph(p.why.trim()),
    completionFigures(p),
    action('Open the deal room', p.url),
  ),
});

/** To the developer when the Plinth team completed the deal. */
export const dealCompletedByTeam = (p: {
  title: string;
  on: Date;
  /** The recipient's zone (decision 074): the day is theirs. */
  timeZone: string;
  why: string;
  url: string;
}): EmailContent => ({
  subject: `Deal completed: "${p.title}"`,
  blocks: blocks(
    paragraph(
      `The Plinth team completed the deal on your project "${p.title}". The project is marked funded and has left the marketplace.`,
    ),
    paragraph(p.why.trim()),
    completionFigures({ title: p.title, by: 'the Plinth team', on: p.on, timeZone: p.timeZone }),
    action('Open the deal room', p.url),
  ),
});
