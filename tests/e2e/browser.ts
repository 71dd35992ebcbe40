import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

/** Shared helpers of the member-app journeys: Debian's Chromium, a phone-sized viewport, screenshots. */

export const SCREENSHOTS = resolve(import.meta.dirname, '../../artifacts/screenshots');
mkdirSync(SCREENSHOTS, { recursive: true });

interface Stacks {
  stack: number;
  baseUrls: string[];
  clockOffsetsMs: number[];
}

/**
 * The journeys' local stacks (tests/support/global-stack.ts), started in the background at the
 * run's start: this journey's own (leased to this process while a file runs: no journey running
 * beside it uses it), each one's address, and its clock minus the system's. Asked for when a
 * journey file starts (`leaseStack`, tests/e2e/setup.ts), so a clock an earlier file moved on
 * (`advanceStackClock`) is known.
 */
let stacks: Stacks | undefined;

/** Leases this process a stack for the file about to run (tests/e2e/setup.ts, before the file loads). */
export async function leaseStack(): Promise<void> {
  const response = await fetch(`${inject('e2eStacks')}/lease?pid=${process.pid}`, { method: 'POST' });
  const body = (await response.json()) as Stacks & { error?: string };
  if (!response.ok) throw new Error(`No local stack for this journey:\n${body.error}`);
  stacks = body;
}

/** Gives the stack back when the file's tests are done (tests/e2e/setup.ts). */
export async function releaseStack(): Promise<void> {
  await fetch(`${inject('e2eStacks')}/release?pid=${process.pid}`, { method: 'POST' });
  stacks = undefined;
}

const leased = (): Stacks => {
  if (!stacks) throw new Error('No stack leased: the e2e project runs tests/e2e/setup.ts before each file');
  return stacks;
};

/** This journey's stack. */
const stackIndex = (): number => leased().stack;

export const baseUrl = () => leased().baseUrls[stackIndex()]!;

const clockOffsetMs = () => leased().clockOffsetsMs[stackIndex()]!;

/** "Now" on the local stack's clock: the system's, or the instant `SHUTTLE_NOW` moved it to (docs/TESTING.md). */
export const stackNow = (): number => Date.now() + clockOffsetMs();

/**
 * Moves this worker's stack's clock `ms` on, instead of waiting for a time to come (its jobs then
 * run as they would at that time). Pages opened afterwards follow it (`followStackClock`).
 */
export async function advanceStackClock(ms: number): Promise<void> {
  const response = await fetch(`${inject('e2eStacks')}/clock?stack=${stackIndex()}&ms=${Math.ceil(ms)}`, {
    method: 'POST',
  });
  expect(response.status, 'the stack clock moved').toBe(200);
  leased().clockOffsetsMs[stackIndex()] = ((await response.json()) as { offsetMs: number }).offsetMs;
}

/**
 * Moves a context's pages to the stack's clock when `SHUTTLE_NOW` set it, so the apps and the
 * APIs agree on the day (the pages' time then runs on from there).
 */
export async function followStackClock(context: BrowserContext): Promise<void> {
  if (clockOffsetMs() !== 0) await context.clock.install({ time: stackNow() });
}

/**
 * Content-Security-Policy violations seen by any page of this file's journeys. The local server
 * sends the policy CloudFront sends (functions/src/platform/security-headers.ts), so a journey
 * fails on any violation (docs/DEPLOY.md, "Security headers"): tests/e2e/setup.ts checks after
 * each test that none was seen.
 */
const cspViolations: string[] = [];

/** The violations seen since the last call. */
export const takeCspViolations = (): string[] => cspViolations.splice(0);

/** Collects `securitypolicyviolation` events and CSP console errors of every page of `context`. */
export async function watchCsp(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(
        `[csp] ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`,
      ),
    );
  });
  context.on('console', (message) => {
    const text = message.text();
    if (text.startsWith('[csp]') || /Content Security Policy/i.test(text)) cspViolations.push(text);
  });
}

/**
 * Debian's headless build of Chromium (package chromium-headless-shell, as .ci/run installs), else
 * its browser (package chromium), or `CHROMIUM_PATH`. The headless build renders the same pages
 * without the browser's windowing layers: the journeys took a third less CPU on it (docs/TESTING.md).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

function startChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** This process's Chromium: the journey files a worker runs one after another share it (vitest.config.ts). */
let chromiumOfProcess: Promise<Browser> | undefined;

/**
 * Debian's Chromium for one journey file: the process's browser, started by its first file
 * (a launch costs about 1.3 s of CPU), through a handle whose `close()` closes the
 * contexts this file opened, so the next file starts from none, as in a browser of its own.
 * Browser contexts share no cookies, storage or cache with each other.
 */
export async function launchChromium(): Promise<Browser> {
  if (!chromiumOfProcess) {
    const started = startChromium();
    chromiumOfProcess = started;
    // A browser that went away (a crash) or never started is started again for the next file.
    const forget = () => {
      if (chromiumOfProcess === started) chromiumOfProcess = undefined;
    };
    started.then((browser) => browser.on('disconnected', forget), forget);
  }
  const browser = await chromiumOfProcess;
  const opened: BrowserContext[] = [];
  return new Proxy(browser, {
    get(target, property) {
      if (property === 'newContext')
        return async (options?: BrowserContextOptions) => {
          const context = await target.newContext(options);
          opened.push(context);
          return context;
        };
      if (property === 'close') return async () => Promise.all(opened.splice(0).map((c) => c.close())).then(() => {});
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export const UA = {
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  facebook:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A.240205.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/122.0.6261.105 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/454.0.0.44.108;]',
  instagram:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 323.0.3.19.100 (iPhone15,2; iOS 17_4; zh_TW; zh-Hant; scale=3.00; 1179x2556; 579364826)',
  line: 'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A.240205.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/122.0.6261.105 Mobile Safari/537.36 Line/14.3.0/IAB',
};

export interface PlayerOptions extends BrowserContextOptions {
  /** Whom the local one-click login signs in as (the seed's demo player when absent). */
  identity?: { sub: string; name: string };
  language?: string;
}

/** A phone-sized browser context (390×844, touch) talking to the local stack. */
export async function phone(
  browser: Browser,
  options: PlayerOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const { identity, language, ...contextOptions } = options;
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-TW',
    timezoneId: 'Asia/Taipei',
    userAgent: UA.androidChrome,
    ...contextOptions,
  });
  await context.addInitScript(
    ({ identity, language }) => {
      if (identity) window.sessionStorage.setItem('shuttle:dev-identity', JSON.stringify(identity));
      if (language && !window.localStorage.getItem('language')) window.localStorage.setItem('language', language);
    },
    { identity, language },
  );
  await watchCsp(context);
  await followStackClock(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
  return { context, page };
}

/**
 * Waits until the page's animations and transitions that end have ended (entrance fades, a colour
 * scheme's transition): what is painted then is what stays. Endless ones (spinners) do not count.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // getAnimations() applies pending style changes first, so transitions they start are listed.
    for (let round = 0; round < 20; round++) {
      const ending = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
      if (ending.length === 0) return;
      await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
    }
  });
}

export async function screenshot(page: Page, name: string, fullPage = false): Promise<string> {
  const path = join(SCREENSHOTS, `${name}.png`);
  await animationsDone(page);
  await page.screenshot({ path, fullPage, animations: 'disabled' });
  return path;
}

/** Signs in through /login and the LIFF mock, as a person would; lands on `next`. */
export async function loginThroughUi(page: Page, next = '/'): Promise<void> {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.getByTestId('line-login').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login') && !url.pathname.startsWith('/callback'), {
    timeout: 20_000,
  });
  await poll(() => page.evaluate(() => window.localStorage.getItem('token'))).toBeTruthy();
}

interface Summary {
  id: string;
  teamId: string;
  remaining: number;
  waitingCount: number;
  bookingClosed: boolean;
  startingSoon: boolean;
  status: string;
  title: string;
  capacity: number;
  price: number;
  signupMode?: 'firstCome' | 'lottery';
}

/**
 * Open first-come sessions from the visitor list, to pick one a journey needs by its properties:
 * a lottery's join is an entry, not a booking (whichever demo session is open depends on the day).
 */
export async function openSessions(): Promise<Summary[]> {
  const response = await fetch(`${baseUrl()}/api/withoutAuth/getSessionList`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'open', limit: 50 }),
  });
  const body = (await response.json()) as { data: { items: Summary[] } };
  return body.data.items.filter((s) => !s.bookingClosed && !s.startingSoon && s.signupMode !== 'lottery');
}

/** `expect.poll` with room for a cold start: the first screens load their chunks on demand. */
export const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });
