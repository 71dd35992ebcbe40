import liff from '@line/liff/core';
import GetAccessToken from '@line/liff/get-access-token';
import GetContext from '@line/liff/get-context';
import GetIDToken from '@line/liff/get-id-token';
import IsApiAvailable from '@line/liff/is-api-available';
import IsInClient from '@line/liff/is-in-client';
import IsLoggedIn from '@line/liff/is-logged-in';
import Login from '@line/liff/login';
import Logout from '@line/liff/logout';
import Permission from '@line/liff/permission';
import SendMessages from '@line/liff/send-messages';
import ShareTargetPicker from '@line/liff/share-target-picker';
import { type RuntimeConfig, runtimeConfig } from '@/config/config-loader';
import { devIdentity } from './dev-login';
import { detectInAppBrowser } from './user-agent';

/**
 * The pluggable LIFF SDK: core plus the modules the app uses. LINE requires every module to be
 * registered with `liff.use` before `liff.init`, so all of them are, in both paths below.
 */
export type Liff = typeof liff;

let initialising: Promise<Liff> | null = null;
let mockMode = false;
// A failed init is retried by the next call; the modules stay registered from the first one.
let registered = false;

function registerModules(mock: boolean, mockPlugin?: unknown): void {
  if (registered) return;
  registered = true;
  liff.use(new IsInClient());
  if (mock) {
    // The mock's types target the full SDK; the pluggable core accepts it at run time.
    liff.use(mockPlugin as never);
    return;
  }
  liff.use(new IsLoggedIn());
  liff.use(new GetIDToken());
  liff.use(new GetAccessToken());
  liff.use(new IsApiAvailable());
  liff.use(new Login());
  liff.use(new Logout());
  liff.use(new ShareTargetPicker());
  liff.use(new GetContext());
  liff.use(new Permission());
  liff.use(new SendMessages());
}

export function initLiff(): Promise<Liff> {
  initialising ??= (async () => {
    const config = await runtimeConfig();
    if (config.liffMock) {
      mockMode = true;
      const { LiffMockPlugin } = await import('@line/liff-mock');
      registerModules(true, new LiffMockPlugin());
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
      registerModules(false);
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
  liff.login({ redirectUri });
}

export async function liffLogout(): Promise<void> {
  if (!initialising) return;
  const instance = await initialising;
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
  const result = await instance.shareTargetPicker(messages, { isMultiple: true });
  return Boolean(result);
}

/**
 * The LIFF access token to hand over for a booking's service messages (docs/LINE.md, "Service
 * messages"), or null outside LINE, where there is none. Locally (`devLogin`) the local LINE
 * capture hands out one for the signed-in test identity, as `liff.getAccessToken()` would.
 */
export async function liffAccessToken(config: RuntimeConfig): Promise<string | null> {
  if (config.devLogin) {
    const response = await fetch('/dev/liff-access-token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sub: devIdentity().sub }),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { liffAccessToken?: unknown };
    return typeof body.liffAccessToken === 'string' ? body.liffAccessToken : null;
  }
  if (config.liffMock) return null;
  const instance = await initLiff();
  return instance.isInClient() ? instance.getAccessToken() : null;
}

const PERMISSIONS_ASKED = 'shuttle:permissions-asked';

/**
 * LINE MINI App mode inside LINE: the scopes a simplified channel consent left out (profile,
 * `chat_message.write`) are asked for in the app, once a session (`liff.permission.requestAll`).
 * Without simplified consent LINE refuses the call, and nothing else happens.
 */
export async function askMissingPermissions(config: RuntimeConfig): Promise<void> {
  if (!config.miniApp || config.liffMock || window.sessionStorage.getItem(PERMISSIONS_ASKED)) return;
  try {
    const instance = await initLiff();
    if (!instance.isInClient()) return;
    window.sessionStorage.setItem(PERMISSIONS_ASKED, '1');
    const states = await Promise.all(
      (['profile', 'chat_message.write'] as const).map((scope) => instance.permission.query(scope)),
    );
    if (states.some(({ state }) => state === 'prompt')) await instance.permission.requestAll();
  } catch {
    /* not a MINI App with simplified consent: the LIFF login's consent covers the scopes */
  }
}

type LiffMessages = Parameters<Liff['sendMessages']>[0];

/**
 * Where a booking receipt can go (docs/LINE.md, "Receipts"): `chat` when the app was opened
 * from a group, room or 1:1 chat and may write there (`chat_message.write` granted), `picker`
 * elsewhere in LINE when the share target picker exists, null in an ordinary browser.
 */
export async function receiptTarget(): Promise<'chat' | 'picker' | null> {
  if (detectInAppBrowser(navigator.userAgent) !== 'line') return null;
  try {
    const instance = await initLiff();
    const type = instance.getContext()?.type;
    if (type === 'group' || type === 'room' || type === 'utou') {
      // Without the scope (not granted, or the LIFF app lacks it) the picker still works.
      const granted = await instance.permission
        .query('chat_message.write')
        .then(({ state }) => state === 'granted')
        .catch(() => false);
      if (granted) return 'chat';
    }
    return instance.isApiAvailable('shareTargetPicker') ? 'picker' : null;
  } catch {
    return null;
  }
}

/** Posts the messages as the player into the chat the app was opened from (free: no quota). */
export async function sendToChat(messages: LiffMessages): Promise<void> {
  const instance = await initLiff();
  await instance.sendMessages(messages);
}
