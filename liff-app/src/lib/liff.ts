import liff from '@line/liff/core';
import GetIDToken from '@line/liff/get-id-token';
import IsApiAvailable from '@line/liff/is-api-available';
import IsInClient from '@line/liff/is-in-client';
import IsLoggedIn from '@line/liff/is-logged-in';
import { runtimeConfig } from '@/config/config-loader';
import { detectInAppBrowser } from './user-agent';

/**
 * The pluggable LIFF SDK: core plus the modules every visit needs. Login, logout and the share
 * picker are installed on first use, so their code is not in the first download.
 */
export type Liff = typeof liff;

let initialising: Promise<Liff> | null = null;
let mockMode = false;

export function initLiff(): Promise<Liff> {
  initialising ??= (async () => {
    const config = await runtimeConfig();
    liff.use(new IsInClient());
    if (config.liffMock) {
      mockMode = true;
      const { LiffMockPlugin } = await import('@line/liff-mock');
      // The mock's types target the full SDK; the pluggable core accepts it at run time.
      liff.use(new LiffMockPlugin() as never);
      // Opened with LINE's user agent locally: behave like the LIFF browser (signed in, in
      // client, share picker available and answering as if a chat was picked).
      const inLine = detectInAppBrowser(navigator.userAgent) === 'line';
      if (inLine) {
        (liff as unknown as MockedLiff).$mock.set((data) => ({
          ...data,
          isInClient: true,
          isLoggedIn: true,
          isApiAvailable: true,
          shareTargetPicker: { status: 'success' },
        }));
      }
      await liff.init({ liffId: config.liffId, mock: true } as Parameters<Liff['init']>[0]);
      // The LIFF browser logs in by itself; the mock only does when told so at install time.
      if (inLine) liff.login();
    } else {
      liff.use(new IsLoggedIn());
      liff.use(new GetIDToken());
      liff.use(new IsApiAvailable());
      await liff.init({ liffId: config.liffId });
    }
    return liff;
  })();
  initialising.catch(() => {
    initialising = null;
  });
  return initialising;
}

interface MockedLiff {
  $mock: { set(update: (data: Record<string, unknown>) => Record<string, unknown>): void };
}

export const isMockLiff = () => mockMode;

/** Redirects to LINE Login; LINE sends the browser back to `redirectUri` with a code liff.init reads. */
export async function liffLogin(redirectUri: string): Promise<void> {
  if (!mockMode) {
    const { default: Login } = await import('@line/liff/login');
    liff.use(new Login());
  }
  liff.login({ redirectUri });
}

export async function liffLogout(): Promise<void> {
  if (!initialising) return;
  const instance = await initialising;
  if (!mockMode) {
    const { default: Logout } = await import('@line/liff/logout');
    instance.use(new Logout());
  }
  if (instance.isLoggedIn()) instance.logout();
}

/** The deep link LIFF carries through its own redirect (`liff.state`), as an app path. */
export function liffStatePath(search: string): string | null {
  const state = new URLSearchParams(search).get('liff.state');
  if (!state) return null;
  const path = state.startsWith('/') ? state : `/${state.replace(/^\?/, '?')}`;
  return /^\/(?!\/)/.test(path) ? path : null;
}

/** Whether LINE's share picker can be offered here (inside LINE, with the permission granted). */
export async function canShareToLine(): Promise<boolean> {
  try {
    const instance = await initLiff();
    return instance.isApiAvailable('shareTargetPicker');
  } catch {
    return false;
  }
}

/** Opens LINE's target picker; resolves true when the message was sent. */
export async function shareToLine(messages: Parameters<Liff['shareTargetPicker']>[0]): Promise<boolean> {
  const instance = await initialising;
  if (!instance) return false;
  if (!mockMode) {
    const { default: ShareTargetPicker } = await import('@line/liff/share-target-picker');
    instance.use(new ShareTargetPicker());
  }
  const result = await instance.shareTargetPicker(messages, { isMultiple: true });
  return Boolean(result);
}

/** A LIFF URL that opens `path` inside LINE (carried through `liff.state`). */
export const liffUrl = (liffId: string, path: string) => `https://liff.line.me/${liffId}${path}`;
