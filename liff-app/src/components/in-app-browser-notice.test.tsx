import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '@/config/config-loader';
import { InAppBrowserNotice } from './in-app-browser-notice';

const FACEBOOK = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148 [FBAN/FBIOS;FBAV/454.0]';
const INSTAGRAM = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148 Instagram 323.0.3.19.100';
const LINE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148 Safari Line/14.3.0';

function mockClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

beforeEach(() => {
  setRuntimeConfig({
    apiBase: '/api',
    liffId: '1650000000-AbCd',
    liffMock: false,
    googleClientId: 'g',
    devLogin: false,
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('in-app browser notice', () => {
  it.each([
    ['Facebook', FACEBOOK],
    ['Instagram', INSTAGRAM],
  ])('asks %s users to use an external browser', (_, ua) => {
    render(<InAppBrowserNotice userAgent={ua} />);
    expect(screen.getByRole('heading', { name: '請使用外部瀏覽器' })).toBeTruthy();
    expect(screen.getByText(/Chrome、Safari/)).toBeTruthy();
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('is not shown inside LINE', () => {
    render(<InAppBrowserNotice userAgent={LINE} />);
    expect(screen.queryByText('請使用外部瀏覽器')).toBeNull();
  });

  it('copies the address, then says 已複製網址 and stays disabled for 5 seconds', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(() => Promise.resolve());
    mockClipboard(writeText);
    render(<InAppBrowserNotice userAgent={FACEBOOK} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '複製網址' }));
    });
    expect(writeText).toHaveBeenCalledWith(window.location.href);
    const copied = screen.getByRole('button', { name: '已複製網址' }) as HTMLButtonElement;
    expect(copied.disabled).toBe(true);
    act(() => vi.advanceTimersByTime(4_900));
    expect((screen.getByRole('button', { name: '已複製網址' }) as HTMLButtonElement).disabled).toBe(true);
    act(() => vi.advanceTimersByTime(200));
    expect((screen.getByRole('button', { name: '複製網址' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('logs and alerts when copying fails', async () => {
    mockClipboard(() => Promise.reject(new Error('denied')));
    document.execCommand = vi.fn(() => false);
    const alert = vi.fn();
    window.alert = alert;
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<InAppBrowserNotice userAgent={INSTAGRAM} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '複製網址' }));
    });
    expect(alert).toHaveBeenCalledWith('無法自動複製網址，請手動複製瀏覽器地址');
    expect(log).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '複製網址' })).toBeTruthy();
  });

  it('keeps the copy button and offers the same page in LINE through the LIFF URL', async () => {
    window.history.replaceState(null, '', '/session?id=s-42');
    render(<InAppBrowserNotice userAgent={INSTAGRAM} />);
    expect(screen.getByRole('button', { name: '複製網址' })).toBeTruthy();
    const open = (await screen.findByRole('link', { name: '在 LINE 中開啟' })) as HTMLAnchorElement;
    expect(open.href).toBe('https://liff.line.me/1650000000-AbCd/session?id=s-42');
  });
});
