import { initialModalState, modalStore } from '@shuttle/shared/web/ui-store.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShareSessionButton, shareLinkOf } from './share-session-button';

const session = { id: 's-1 x', title: '週三夜間羽球', isPublic: true };

afterEach(() => {
  modalStore.set(initialModalState);
  Reflect.deleteProperty(navigator, 'share');
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('分享到群組', () => {
  it('builds the member API share page link under a relative or absolute base', () => {
    expect(shareLinkOf('https://shuttle.tw', '/api', 's-1')).toBe('https://shuttle.tw/api/share/s-1');
    expect(shareLinkOf('https://shuttle.tw', 'https://api.shuttle.tw/api', 's 1')).toBe(
      'https://api.shuttle.tw/api/share/s%201',
    );
  });

  it('copies the share link where there is no share sheet, and says so', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<ShareSessionButton session={session} />);
    fireEvent.click(screen.getByRole('button', { name: '分享到群組' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/api/share/s-1%20x`));
    await waitFor(() => expect(modalStore.get()).toMatchObject({ level: 'success', title: '已複製分享連結' }));
  });

  it('opens the share sheet with the link where there is one', async () => {
    const share = vi.fn(async () => {});
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    render(<ShareSessionButton session={session} />);
    fireEvent.click(screen.getByTestId('share-group'));
    await waitFor(() =>
      expect(share).toHaveBeenCalledWith({ title: '週三夜間羽球', url: `${window.location.origin}/api/share/s-1%20x` }),
    );
  });

  it('says a team-only session has no public link instead of offering one', () => {
    render(<ShareSessionButton session={{ ...session, isPublic: false }} />);
    expect(screen.queryByTestId('share-group')).toBeNull();
    expect(screen.getByTestId('share-group-team-only').textContent).toBe('隊內場次沒有公開的分享連結。');
  });
});
