import type { SessionDetail } from '@shuttle/shared';
import { describe, expect, it } from 'vitest';
import { sessionFlexMessage } from './share-message';

const session = {
  id: 's-1',
  teamName: '大安羽球同好會',
  title: '大安羽球同好會 歡樂場',
} as SessionDetail;

describe('share message', () => {
  it('is a Flex bubble whose button links back to the session', () => {
    const message = sessionFlexMessage(session, 'https://liff.line.me/123-abc/session?id=s-1', {
      altText: '一起打羽球',
      when: '11月24日 19:00 – 22:00',
      venue: '大安運動中心',
      fee: '250 元',
      places: '剩 5 / 24 位',
      button: '查看場次',
    });
    expect(message.type).toBe('flex');
    expect(message.altText).toBe('一起打羽球');
    const button = message.contents.footer.contents[0]!;
    expect(button.action).toEqual({
      type: 'uri',
      label: '查看場次',
      uri: 'https://liff.line.me/123-abc/session?id=s-1',
    });
    expect(JSON.stringify(message.contents.body)).toContain('大安羽球同好會 歡樂場');
  });
});
