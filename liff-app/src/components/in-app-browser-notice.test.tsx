import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '@/config/config-loader';
import { closeLoginPrompt, promptLogin } from '@/stores/login-prompt';
import { chromeIntentUrl, InAppBrowserNotice } from './in-app-browser-notice';

const FACEBOOK = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148 [FBAN/FBIOS;FBAV/454.0]';
const FACEBOOK_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 Chrome/122.0 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/454.0.0.44.108;]';
const INSTAGRAM = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148 Instagram 323.0.3.19.100';
const LINE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148 Safari Line/14.3.0';

function mockClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

function renderAt(userAgent: string, path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <InAppBrowserNotice userAgent={userAgent} />
    </MemoryRouter>,
  );
}

/** The full explanation, as signing in shows it. */
function openExplanation(userAgent: string) {
  renderAt(userAgent, '/login');
  return screen.getByRole('alertdialog', { name: '請使用外部瀏覽器' });
}

beforeEach(() => {
  window.sessionStorage.clear();
  closeLoginPrompt();
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
  ])('lets %s users read sessions behind a dismissible banner, with no dialog and no scroll lock', (app, ua) => {
    renderAt(ua, '/session?id=s-1');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.body.style.overflow).not.toBe('hidden');
    const banner = screen.getByTestId('in-app-banner');
    expect(banner.textContent).toContain(`在 ${app} 裡可以看場次，但無法登入或預約。`);
    fireEvent.click(screen.getByRole('button', { name: '關閉提示' }));
    expect(screen.queryByTestId('in-app-banner')).toBeNull();
  });

  it('stays dismissed for the visit', () => {
    window.sessionStorage.setItem('shuttle:in-app-dismissed', '1');
    renderAt(FACEBOOK);
    expect(screen.queryByTestId('in-app-banner')).toBeNull();
  });

  it('opens the explanation from the banner and closes it again', () => {
    renderAt(INSTAGRAM);
    fireEvent.click(screen.getByRole('button', { name: '如何開啟' }));
    expect(screen.getByRole('alertdialog', { name: '請使用外部瀏覽器' })).toBeTruthy();
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.click(screen.getByRole('button', { name: '先繼續瀏覽' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('blocks signing in (a booking asking for it) with the explanation, LINE first', () => {
    renderAt(FACEBOOK, '/session?id=s-1');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    act(() => promptLogin('/session?id=s-1&action=join'));
    const dialog = screen.getByRole('alertdialog', { name: '請使用外部瀏覽器' });
    expect(dialog.textContent).toContain('Facebook 的內建瀏覽器無法完成登入，所以不能在這裡登入或預約');
    const headings = Array.from(dialog.querySelectorAll('h2')).map((h) => h.textContent);
    expect(headings).toEqual(['推薦：在 LINE 中開啟', '或用 Safari 開啟']);
    expect(dialog.textContent).toContain('LINE 會自動幫你登入');
    fireEvent.click(screen.getByRole('button', { name: '先繼續瀏覽' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('explains on the login page too', () => {
    const dialog = openExplanation(INSTAGRAM);
    expect(dialog.textContent).toContain('Instagram 的內建瀏覽器無法完成登入');
  });

  it('on Android offers Chrome through an intent link', () => {
    window.history.replaceState(null, '', '/session?id=s-42');
    openExplanation(FACEBOOK_ANDROID);
    const chrome = screen.getByRole('link', { name: '用 Chrome 開啟' }) as HTMLAnchorElement;
    expect(chrome.getAttribute('href')).toBe(
      `intent://${window.location.host}/session?id=s-42#Intent;scheme=https;package=com.android.chrome;end`,
    );
    expect(screen.queryByText('開啟 Chrome 或 Safari，貼上網址前往')).toBeNull();
  });

  it('on iOS gives the copy-link steps and no intent link', () => {
    openExplanation(FACEBOOK);
    expect(screen.queryByRole('link', { name: '用 Chrome 開啟' })).toBeNull();
    expect(screen.getByText('開啟 Chrome 或 Safari，貼上網址前往')).toBeTruthy();
  });

  it('builds the Chrome intent from host, path and query', () => {
    expect(chromeIntentUrl({ host: 'shuttle.tw', pathname: '/session', search: '?id=a' })).toBe(
      'intent://shuttle.tw/session?id=a#Intent;scheme=https;package=com.android.chrome;end',
    );
  });

  it('is not shown inside LINE', () => {
    renderAt(LINE, '/login');
    expect(screen.queryByText('請使用外部瀏覽器')).toBeNull();
    expect(screen.queryByTestId('in-app-banner')).toBeNull();
  });

  it('copies the address, then says 已複製網址 and stays disabled for 5 seconds', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(() => Promise.resolve());
    mockClipboard(writeText);
    openExplanation(FACEBOOK);
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
    openExplanation(INSTAGRAM);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '複製網址' }));
    });
    expect(alert).toHaveBeenCalledWith('無法自動複製網址，請手動複製瀏覽器地址');
    expect(log).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '複製網址' })).toBeTruthy();
  });

  it('keeps the copy button and offers the same page in LINE through the LIFF URL', async () => {
    window.history.replaceState(null, '', '/session?id=s-42');
    openExplanation(INSTAGRAM);
    expect(screen.getByRole('button', { name: '複製網址' })).toBeTruthy();
    const open = (await screen.findByRole('link', { name: '在 LINE 中開啟' })) as HTMLAnchorElement;
    expect(open.href).toBe('https://liff.line.me/1650000000-AbCd/session?id=s-42');
  });
});
