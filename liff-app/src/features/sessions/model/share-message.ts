import type { SessionDetail } from '@shuttle/shared';

export interface ShareTexts {
  altText: string;
  when: string;
  venue: string;
  fee: string;
  places: string;
  button: string;
}

/** A Flex bubble for LINE's share picker: the session at a glance and a button back to it. */
export function sessionFlexMessage(session: SessionDetail, url: string, texts: ShareTexts) {
  const row = (label: string, value: string) => ({
    type: 'box' as const,
    layout: 'baseline' as const,
    spacing: 'sm',
    contents: [
      { type: 'text' as const, text: label, color: '#6B7280', size: 'sm', flex: 2 },
      { type: 'text' as const, text: value, color: '#111827', size: 'sm', flex: 5, wrap: true },
    ],
  });
  return {
    type: 'flex' as const,
    altText: texts.altText.slice(0, 400),
    contents: {
      type: 'bubble' as const,
      body: {
        type: 'box' as const,
        layout: 'vertical' as const,
        spacing: 'md',
        contents: [
          { type: 'text' as const, text: session.teamName, color: '#06C755', size: 'xs', weight: 'bold' as const },
          { type: 'text' as const, text: session.title, weight: 'bold' as const, size: 'lg', wrap: true },
          {
            type: 'box' as const,
            layout: 'vertical' as const,
            spacing: 'sm',
            contents: [row('🕒', texts.when), row('📍', texts.venue), row('💰', texts.fee), row('👥', texts.places)],
          },
        ],
      },
      footer: {
        type: 'box' as const,
        layout: 'vertical' as const,
        contents: [
          {
            type: 'button' as const,
            style: 'primary' as const,
            color: '#06C755',
            action: { type: 'uri' as const, label: texts.button.slice(0, 40), uri: url },
          },
        ],
      },
    },
  };
}

/**
 * A booking receipt the player posts into a chat (docs/LINE.md, "Receipts"): the share card
 * with what happened on top ("I'm in", "on the waitlist, #2", "entered the lottery").
 */
export function receiptFlexMessage(session: SessionDetail, url: string, texts: ShareTexts & { headline: string }) {
  const message = sessionFlexMessage(session, url, texts);
  const headline = { type: 'text' as const, text: texts.headline, weight: 'bold' as const, size: 'md', wrap: true };
  return {
    ...message,
    contents: {
      ...message.contents,
      body: { ...message.contents.body, contents: [headline, ...message.contents.body.contents] },
    },
  };
}
