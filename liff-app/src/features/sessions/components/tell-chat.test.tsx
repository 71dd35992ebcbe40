import type { SessionDetail } from '@shuttle/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/** The LIFF wrapper (lib/liff.ts) stubbed: where a receipt may go, and what the SDK calls received. */
const liff = vi.hoisted(() => ({
  target: null as 'chat' | 'picker' | null,
  sendToChat: vi.fn(async (_messages: unknown[]) => {}),
  shareToLine: vi.fn(async (_messages: unknown[]) => true),
}));
vi.mock('@/lib/liff', () => ({
  liffUrl: (liffId: string, path: string) => `https://liff.line.me/${liffId}${path}`,
  receiptTarget: async () => liff.target,
  sendToChat: liff.sendToChat,
  shareToLine: liff.shareToLine,
}));

// Files share a worker's modules (shared/build/vite.ts): the component and what the test sets up
// are loaded afresh, so the component imports the stub above, not a copy an earlier file loaded.
let TellChat: typeof import('./tell-chat').TellChat;
let setRuntimeConfig: typeof import('@/config/config-loader').setRuntimeConfig;
let ui: typeof import('@shuttle/shared/web/ui-store.ts');
beforeAll(async () => {
  vi.resetModules();
  ({ TellChat } = await import('./tell-chat'));
  ({ setRuntimeConfig } = await import('@/config/config-loader'));
  ui = await import('@shuttle/shared/web/ui-store.ts');
});

const session = {
  id: 'session-1',
  title: '週四晚場',
  teamName: '大安羽球同好會',
  venue: '大安運動中心',
  region: 'taipei',
  startsAt: '2026-12-03T11:00:00.000Z',
  endsAt: '2026-12-03T13:00:00.000Z',
  price: 250,
  remaining: 3,
  capacity: 12,
} as unknown as SessionDetail;

beforeEach(() => {
  setRuntimeConfig({
    apiBase: '/api',
    liffId: '1650000000-AbCd',
    liffMock: false,
    googleClientId: 'g',
    devLogin: false,
  });
  liff.sendToChat.mockClear();
  liff.shareToLine.mockClear();
  ui.modalStore.set(ui.initialModalState);
});
afterEach(() => vi.restoreAllMocks());

interface Flex {
  type: string;
  altText: string;
  contents: { body: { contents: { text?: string }[] }; footer: { contents: { action: { uri: string } }[] } };
}

describe('telling the chat after a booking', () => {
  it('posts one flex card with alt text into the chat the app was opened from', async () => {
    liff.target = 'chat';
    render(<TellChat session={session} receipt={{ status: 'waitlisted', position: 2 }} />);
    fireEvent.click(await screen.findByRole('button', { name: '告訴群組' }));

    await waitFor(() => expect(liff.sendToChat).toHaveBeenCalledTimes(1));
    const [messages] = liff.sendToChat.mock.calls[0]!;
    expect(messages).toHaveLength(1);
    const card = messages[0] as Flex;
    expect(card.type).toBe('flex');
    expect(card.altText).toMatch(/^我在候補第 2 位「週四晚場」/);
    expect(card.altText.length).toBeLessThanOrEqual(400);
    expect(card.contents.body.contents[0]?.text).toBe('我在候補第 2 位');
    expect(card.contents.footer.contents[0]?.action.uri).toBe(
      'https://liff.line.me/1650000000-AbCd/session?id=session-1',
    );
    expect(liff.shareToLine).not.toHaveBeenCalled();
    // Posted once: the button goes, the player is told.
    await waitFor(() => expect(screen.queryByTestId('tell-chat')).toBeNull());
    expect(ui.modalStore.get()).toMatchObject({ show: true, level: 'success' });
  });

  it('says so when LINE refuses, and keeps the button for another try', async () => {
    liff.target = 'chat';
    liff.sendToChat.mockRejectedValueOnce(new Error('403 chat_message.write'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<TellChat session={session} receipt={{ status: 'accepted' }} />);
    fireEvent.click(await screen.findByRole('button', { name: '告訴群組' }));

    await waitFor(() => expect(ui.modalStore.get()).toMatchObject({ show: true, level: 'error', title: '無法傳送' }));
    expect(screen.getByTestId('tell-chat')).toBeTruthy();
  });

  it('offers the share target picker outside a chat', async () => {
    liff.target = 'picker';
    render(<TellChat session={session} receipt={{ status: 'entered' }} />);
    fireEvent.click(await screen.findByRole('button', { name: '分享給朋友' }));

    await waitFor(() => expect(liff.shareToLine).toHaveBeenCalledTimes(1));
    const [messages] = liff.shareToLine.mock.calls[0]!;
    expect(messages).toHaveLength(1);
    expect((messages[0] as Flex).altText).toMatch(/^我參加了抽籤「週四晚場」/);
    expect(liff.sendToChat).not.toHaveBeenCalled();
  });

  it('offers nothing in an ordinary browser', async () => {
    liff.target = null;
    const { container } = render(<TellChat session={session} receipt={{ status: 'accepted' }} />);
    await new Promise((settle) => setTimeout(settle, 0));
    expect(container.innerHTML).toBe('');
  });
});
