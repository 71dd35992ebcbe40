import liff from '@line/liff/core';
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
import { runtimeConfig } from '@/config/config-loader';
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

/** A LIFF URL that opens `path` inside LINE (carried through `liff.state`). */
export const liffUrl = (liffId: string, path: string) => `https://liff.line.me/${liffId}${path}`;

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
