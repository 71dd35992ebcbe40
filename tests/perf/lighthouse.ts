import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildAppIfStale } from '@shuttle/functions/local/app-build.ts';
import { DEMO_ADMIN } from '@shuttle/functions/local/seed.ts';
import { type LocalStack, startLocalStack } from '@shuttle/functions/local/server.ts';
import { STORAGE_KEYS } from '@shuttle/shared';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const _root = resolve(import.meta.dirname, '../..');

/**
 * Goals for the member home (mobile): issue 12 set LCP, TBT and CLS, issue 22 a score of 95
 * (median of 3); issue 30 the same score for the admin's signed-in check-in screen.
 */
const GOALS = { performance: 95, lcpMs: 2500, tbtMs: 200, cls: 0.1 };

interface Figures {
  url: string;
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

/** `--json DIR`: keep each page's whole Lighthouse report there, to see where the time goes. */
const jsonDir = (() => {
  const at = process.argv.indexOf('--json');
  return at > 0 ? process.argv[at + 1] : undefined;
})();

/** `--runs N`: how many times each page is measured. */
const runs = (() => {
  const at = process.argv.indexOf('--runs');
  return at > 0 ? Math.max(1, Number.parseInt(process.argv[at + 1] ?? '1', 10) || 1) : 1;
})();

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Signs the demo admin in for the admin screens after the login (`/admin/…` but the login): the
 * token the login call answers with goes into the origin's localStorage, as the admin app keeps
 * it, in the Chromium Lighthouse drives; Lighthouse then leaves the storage as it is.
 */
async function signInAdmin(origin: string, port: number): Promise<void> {
  const response = await fetch(`${origin}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
  });
  const { data } = (await response.json()) as { data?: { token: string } };
  if (!data) throw new Error(`The demo admin's login answered ${response.status}`);
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${origin}/admin/login`);
    await page.evaluate(({ key, token }) => localStorage.setItem(key, token), {
      key: STORAGE_KEYS.adminToken,
      token: data.token,
    });
    await page.close();
  } finally {
    await browser.close();
  }
}

const signedIn = (url: string) => /\/admin\/(?!login)/.test(new URL(url).pathname);

async function measure(url: string, port: number, run = 1): Promise<Figures> {
  // One warm-up load, so the figures are of a page whose server already answered once.
  await fetch(url).catch(() => undefined);
  if (signedIn(url)) await signInAdmin(new URL(url).origin, port);
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    // The admin's token stays in localStorage for a signed-in screen.
    disableStorageReset: signedIn(url),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (jsonDir) {
    const name = new URL(url).pathname.replace(/^\/|\/$/g, '').replace(/\W+/g, '-') || 'home';
    writeFileSync(join(jsonDir, `${name}${runs > 1 ? `-${run}` : ''}.json`), result.report as string);
  }
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    url,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
  };
}

function print(f: Figures): void {
  const mark = (ok: boolean) => (ok ? 'ok ' : 'MISS');
  console.log(`\n${f.url}`);
  console.log(
    `  performance  ${String(f.performance).padStart(6)}      ${mark(f.performance >= GOALS.performance)} (goal ≥ ${GOALS.performance})`,
  );
  console.log(
    `  LCP          ${(f.lcpMs / 1000).toFixed(2).padStart(6)} s    ${mark(f.lcpMs <= GOALS.lcpMs)} (goal ≤ ${GOALS.lcpMs / 1000} s)`,
  );
  console.log(
    `  TBT          ${Math.round(f.tbtMs).toString().padStart(6)} ms   ${mark(f.tbtMs <= GOALS.tbtMs)} (goal ≤ ${GOALS.tbtMs} ms)`,
  );
  console.log(`  CLS          ${f.cls.toFixed(3).padStart(6)}      ${mark(f.cls <= GOALS.cls)} (goal ≤ ${GOALS.cls})`);
}

async function main(): Promise<void> {
  const urls = process.argv.slice(2).filter((a) => /^https?:\/\//.test(a));
  const memberOnly = process.argv.includes('--member');
  let stack: LocalStack | null = null;
  if (urls.length === 0) {
    buildAppIfStale('liff-app');
    buildAppIfStale('admin-app');
    stack = await startLocalStack({ seed: true, serveApps: true, quiet: true });
    // The signed-in check-in screen: issue 30's goal for the admin app (docs/PLAYER-EXPERIENCE.md, "Speed").
    urls.push(
      `${stack.origin}/`,
      ...(memberOnly ? [] : [`${stack.origin}/admin/login`, `${stack.origin}/admin/signlist`]),
    );
  }
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    for (const url of urls) {
      if (runs === 1) {
        print(await measure(url, chrome.port));
        continue;
      }
      const all: Figures[] = [];
      for (let run = 1; run <= runs; run++) {
        const f = await measure(url, chrome.port, run);
        all.push(f);
        console.log(
          `${url} run ${run}: ${f.performance}, LCP ${(f.lcpMs / 1000).toFixed(2)} s, TBT ${Math.round(f.tbtMs)} ms, CLS ${f.cls.toFixed(3)}`,
        );
      }
      print({
        url: `${url} (median of ${runs} runs)`,
        performance: median(all.map((f) => f.performance)),
        lcpMs: median(all.map((f) => f.lcpMs)),
        tbtMs: median(all.map((f) => f.tbtMs)),
        cls: median(all.map((f) => f.cls)),
      });
    }
  } finally {
    chrome.kill();
    await stack?.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
