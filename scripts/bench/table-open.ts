// Opening the assessments table from the dashboard, as a coach does after signing in: Debian's Chromium at
// 1280 × 800 on the production build, `npm start`'s stack on free ports, the sandbox holding 500 or 20,000
// assessments for the demo coach. Each round shows the dashboard, waits 2 s, clicks Assessments in the drawer and
// times from the click's `timeStamp` to the end of the first frame painted with the table's first rows.
// Warm: as in production (the BFF makes the coach's list copy once it has answered the dashboard, and the client
// fetches the table's first page when idle). Cold: the same click with the dashboard answered by the browser itself
// (its recorded answer) and the client's prefetch refused, so nothing is warm. The BFF
// keeps copies for 4 s here, so every round starts without one. Not a test: figures and goals, met or not.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { launchChromium } from '../lib/chromium.ts';
import { demoCoachPage } from '../lib/demo-coach-page.ts';
import { buildWebClient, startStackOnFreePorts } from '../lib/stack.ts';
import { median } from './load.ts';
import type { GoalRow } from './shared.ts';

const SIZES = [500, 20_000] as const;
type Size = (typeof SIZES)[number];
const GOALS: Record<Size, number> = { 500: 100, 20000: 150 };
const ROUNDS = 5;
const DASHBOARD_SHOWN_MS = 2000;
/** The copies' lifetime in the measured BFF: a round waits it out before the next. */
const COPY_TTL_MS = 4000;

export interface TableOpenFigures {
  warm: Record<Size, number[]>;
  cold: Record<Size, number[]>;
}

declare global {
  interface Window {
    openArm?: () => void;
    openResult?: Promise<number>;
  }
}

/** In the page: the next click's timeStamp, then the end of the first frame painted with rows in the grid. */
function installOpenArm(): void {
  window.openArm = () => {
    let started: number | undefined;
    document.addEventListener(
      'click',
      (event) => {
        started = event.timeStamp;
      },
      { capture: true, once: true },
    );
    window.openResult = new Promise((resolve) => {
      const check = () => {
        const rows = document.querySelector('[role="grid"] tbody:not([data-stale]) [role="rowheader"]');
        if (started === undefined || !rows) {
          requestAnimationFrame(check);
          return;
        }
        const start = started;
        // A task posted from the frame's animation-frame callback runs once that frame is painted.
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now() - start);
        channel.port2.postMessage(null);
      };
      requestAnimationFrame(check);
    });
  };
}

/** The list's requests: the client's prefetch of the first page while the dashboard shows, and the screen's own. */
const LIST_REQUESTS = /\/api\/assessments\?/;

async function openOnce(page: Page, portalUrl: string, dashboardAnswer: string | null): Promise<number> {
  const cold = dashboardAnswer !== null;
  if (cold) {
    await page.route('**/api/dashboard', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: dashboardAnswer }));
    // Nor does the client's prefetch of the first page reach the BFF: the click finds no page and no copy.
    await page.route(LIST_REQUESTS, (route) => route.abort());
  }
  try {
    await page.goto(`${portalUrl}dashboard`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
    await sleep(DASHBOARD_SHOWN_MS);
    if (cold) await page.unroute(LIST_REQUESTS);
    await page.evaluate(() => window.openArm?.());
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Assessments', exact: true }).click();
    return (await page.evaluate(() => window.openResult)) as number;
  } finally {
    if (cold) await page.unroute('**/api/dashboard');
    // The next round starts without a copy.
    await sleep(COPY_TTL_MS + 500);
  }
}

async function measureSize(size: Size, webDistDir: string, figures: TableOpenFigures): Promise<void> {
  const stack = await startStackOnFreePorts({
    webDistDir,
    sandboxEnv: { SANDBOX_ASSESSMENTS: String(size) },
    bffEnv: { LOG_LEVEL: 'warn', SNAPSHOT_TTL_MS: String(COPY_TTL_MS) },
    output: { logFile: join(webDistDir, '..', `stack-${size}.log`) },
  });
  const browser = await launchChromium();
  try {
    const page = await demoCoachPage(browser, stack.bffUrl, installOpenArm);
    const dashboard = await page.request.get(`${stack.bffUrl}/api/dashboard`);
    const dashboardAnswer = await dashboard.text();
    // One unmeasured round of each: the browser's cache holds the code afterwards, as for a coach in their day.
    await openOnce(page, stack.portalUrl, null);
    await openOnce(page, stack.portalUrl, dashboardAnswer);
    for (let round = 0; round < ROUNDS; round++) {
      figures.warm[size].push(await openOnce(page, stack.portalUrl, null));
      figures.cold[size].push(await openOnce(page, stack.portalUrl, dashboardAnswer));
    }
  } finally {
    await browser.close();
    await stack.stop();
  }
}

export async function measureTableOpen(): Promise<TableOpenFigures> {
  const webDistDir = join(mkdtempSync(join(tmpdir(), 'coachportal-table-open-')), 'dist');
  await buildWebClient(webDistDir);
  const figures: TableOpenFigures = { warm: { 500: [], 20000: [] }, cold: { 500: [], 20000: [] } };
  for (const size of SIZES) await measureSize(size, webDistDir, figures);
  return figures;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const count = (size: Size) => size.toLocaleString('en');

export function tableOpenReport(figures: TableOpenFigures): { lines: string[]; goals: GoalRow[] } {
  const lines = [
    `Opening the assessments table from the dashboard in Chromium (production build): the click on Assessments in the drawer, ` +
      `after the dashboard has shown for ${DASHBOARD_SHOWN_MS / 1000} s, to the first frame painted with rows; ${ROUNDS} rounds each, ` +
      'warm (the BFF made the copy after the dashboard, the client fetched the first page when idle) and cold (the ' +
      "dashboard answered without the BFF, the client's prefetch refused), alternating:",
    '',
    '| assessments | warm p50 | warm max | cold p50 | cold max | goal (warm) | warm samples (ms) | cold samples (ms) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...SIZES.map((size) => {
      const { warm, cold } = { warm: figures.warm[size], cold: figures.cold[size] };
      return (
        `| ${count(size)} | ${ms(median(warm))} | ${ms(Math.max(...warm))} | ${ms(median(cold))} | ${ms(Math.max(...cold))} | ` +
        `≤ ${GOALS[size]} ms | ${warm.map((one) => one.toFixed(0)).join(', ')} | ${cold.map((one) => one.toFixed(0)).join(', ')} |`
      );
    }),
  ];
  const goals = SIZES.map((size): GoalRow => {
    const p50 = median(figures.warm[size]);
    return [
      `table opens from the dashboard at ${count(size)} assessments, p50`,
      `${ms(p50)} (without the warm-up: ${ms(median(figures.cold[size]))})`,
      `≤ ${GOALS[size]} ms`,
      p50 <= GOALS[size] ? 'met' : '**not met**',
    ];
  });
  return { lines, goals };
}
