import { action, blocks, type EmailContent, paragraph, quote } from '../content';

// Messages: from the other party of a conversation, or from the Plinth team.

export const newMessage = (p: {
  sender: string;
  about: string;
  text: string;
  url: string;
}): EmailContent => ({
  subject: `New message from ${p.sender} on Plinth`,
  blocks: blocks(
    paragraph(`${p.sender} sent you a message${p.about}:`),
    quote(p.text),
    action('Reply on Plinth', p.url, 'Reply on Plinth:', true),
  ),
});

export const teamMessage = (p: { text: string; url: string }): EmailContent => ({
  subject: 'New message from the Plinth team',
  blocks: blocks(
    paragraph('The Plinth team sent you a message:'),
    quote(p.text),
    action('Reply on Plinth', p.url, 'Reply on Plinth:', true),
  ),
});
