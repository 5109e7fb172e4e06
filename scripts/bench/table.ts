// The shared table in the browser: Debian's Chromium at 1280 × 800 on the production build of web/, served by
// `npm start`'s stack on free ports, the sandbox holding 20,000 assessments for the demo coach. On the assessments
// table at 50 and at 500 rows per page it times what a user waits for, from the input event (its `timeStamp`: the
// click or the change) to the end of the first frame painted with the result: a tick of a row's checkbox, Uncheck
// All, a sort, a page change (Next, Previous) and a page-size change. The end of a frame: a task posted from the
// frame's animation-frame callback runs once that frame is painted. Not a test: figures and goals, met or not.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '../lib/chromium.ts';
import { demoCoachPage } from '../lib/demo-coach-page.ts';
import { buildWebClient, startStackOnFreePorts } from '../lib/stack.ts';
import { median } from './load.ts';
import type { GoalRow } from './shared.ts';

export const TABLE_ASSESSMENTS = 20_000;
const TICKS = 10;
const UNCHECKS = 5;
const SORTS = 6;
const PAGE_CHANGES = 8;
const PAGE_SIZE_CHANGES = 4;

type Size = 50 | 500;
type Interaction = 'tick' | 'uncheck' | 'sort' | 'page' | 'pageSize';

/** The goals: a selection change paints within a frame or three, a new page of rows shows within 100 or 300 ms. */
const GOALS: Record<Interaction, Record<Size, number>> = {
  tick: { 50: 16, 500: 50 },
  uncheck: { 50: 16, 500: 50 },
  sort: { 50: 100, 500: 300 },
  page: { 50: 100, 500: 300 },
  pageSize: { 50: 100, 500: 300 },
};
const LABELS: Record<Interaction, string> = {
  tick: 'tick of a row checkbox',
  uncheck: 'Uncheck All (5 selected)',
  sort: 'sort (a column header)',
  page: 'page change (Next, Previous)',
  pageSize: 'page-size change (to this size)',
};

/** Milliseconds from the input event to the frame painted with the rows in the table's window, and with all of them. */
interface RowTimes {
  view: number;
  all: number;
}

export interface TableFigures {
  tick: Record<Size, number[]>;
  uncheck: Record<Size, number[]>;
  sort: Record<Size, RowTimes[]>;
  page: Record<Size, RowTimes[]>;
  pageSize: Record<Size, RowTimes[]>;
  documentHeight: Record<Size, number>;
}

/** What the screen shows once an interaction is done: a selection count, or the rows of an answer. */
type Done =
  | { selected: number }
  | {
      rows: number;
      /** The first row's text before: the new answer's first row is another. */
      firstBefore?: string;
      /** The range the pagination shows for the new answer ('1–500 of'): a page-size change keeps the first rows. */
      range?: string;
    };

declare global {
  interface Window {
    benchArm?: (done: Done) => void;
    /** From the armed input event's timeStamp to the end of the first frame painted once `done` holds (rows: both times). */
    benchResult?: Promise<number | RowTimes>;
  }
}

/**
 * In the page (an init script): records the next press, click or change's timeStamp, then waits for what `done` says and the
 * paint of that frame. Rows are in view when the answer's rows (not the previous answer's, `data-stale`) fill the
 * table's window; all are in when the page holds all of them and the grid is no longer busy.
 */
function installArm(): void {
  const rowHeaders = () => document.querySelectorAll('[role="grid"] [role="rowheader"]');
  const selectedHolds = (count: number): boolean => {
    const status = document.querySelector('.data-table__selected [role="status"]')?.textContent;
    return count === 0
      ? !status && !document.querySelector('[role="grid"] [role="row"][aria-selected="true"]')
      : status === `${count} selected`;
  };
  const inView = (done: Extract<Done, { rows: number }>): boolean => {
    const rows = rowHeaders();
    if (document.querySelector('[role="grid"] tbody[data-stale]')) return false;
    if (done.firstBefore !== undefined && rows[0]?.textContent === done.firstBefore) return false;
    const range = document.querySelector('.data-table__range')?.textContent ?? '';
    if (done.range !== undefined && !range.startsWith(done.range)) return false;
    const scroller = document.querySelector('.data-table__scroll');
    const last = rows[rows.length - 1];
    return (
      rows.length === done.rows || (!!scroller && !!last && last.getBoundingClientRect().bottom >= scroller.getBoundingClientRect().bottom)
    );
  };
  const allIn = (done: Extract<Done, { rows: number }>): boolean =>
    inView(done) && rowHeaders().length === done.rows && !document.querySelector('[role="grid"][aria-busy="true"]');
  /** Resolves with the end of the first frame painted once `holds` does. */
  const painted = (holds: () => boolean, started: () => number | undefined): Promise<number> =>
    new Promise((resolve) => {
      const check = () => {
        const start = started();
        if (start === undefined || !holds()) {
          requestAnimationFrame(check);
          return;
        }
        // A task posted from the frame's animation-frame callback runs once that frame is painted.
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now() - start);
        channel.port2.postMessage(null);
      };
      requestAnimationFrame(check);
    });
  window.benchArm = (done: Done) => {
    let started: number | undefined;
    const onInput = (event: Event) => {
      started ??= event.timeStamp;
    };
    for (const type of ['pointerup', 'click', 'change']) document.addEventListener(type, onInput, { capture: true, once: true });
    const start = () => started;
    window.benchResult =
      'selected' in done
        ? painted(() => selectedHolds(done.selected), start)
        : Promise.all([painted(() => inView(done), start), painted(() => allIn(done), start)]).then(([view, all]) => ({ view, all }));
  };
}

const firstRowText = () => document.querySelector('[role="grid"] [role="rowheader"]')?.textContent ?? '';

const firstRow = (page: Page): Promise<string> => page.evaluate(firstRowText);

/** Arms the page, does the interaction, and returns the times from its input event to the painted result. */
async function timed<T extends number | RowTimes>(page: Page, done: Done, act: () => Promise<void>): Promise<T> {
  await page.evaluate((armed) => window.benchArm?.(armed), done);
  await act();
  return (await page.evaluate(() => window.benchResult)) as T;
}

const rowCheckbox = (page: Page, index: number) =>
  page
    .getByRole('grid')
    .getByRole('row')
    .nth(index + 1)
    .locator('.checkbox');

async function openTable(page: Page, portalUrl: string, size: Size): Promise<void> {
  await page.goto(`${portalUrl}assessments?pageSize=${size}`);
  await page.waitForFunction(
    (rows) =>
      document.querySelectorAll('[role="grid"] [role="rowheader"]').length === rows && !document.querySelector('[aria-busy="true"]'),
    size,
    { timeout: 120_000 },
  );
}

async function measureSize(page: Page, portalUrl: string, size: Size, figures: TableFigures): Promise<void> {
  await openTable(page, portalUrl, size);
  figures.documentHeight[size] = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let tick = 0; tick < TICKS; tick++) {
    // Ticks on rows 0–4 then off again, spread down the page.
    const index = (tick % 5) * Math.floor(size / 5);
    const count = tick < 5 ? tick + 1 : 9 - tick;
    figures.tick[size].push(await timed(page, { selected: count }, () => rowCheckbox(page, index).click()));
  }
  for (let round = 0; round < UNCHECKS; round++) {
    for (let index = 0; index < 5; index++) await rowCheckbox(page, index * 3).click();
    await page.getByText('5 selected', { exact: true }).waitFor();
    figures.uncheck[size].push(
      await timed(page, { selected: 0 }, () => page.getByRole('button', { name: 'Uncheck All', exact: true }).click()),
    );
  }
  const columns = ['Company', 'Project', 'Created'];
  for (let sort = 0; sort < SORTS; sort++) {
    const before = await firstRow(page);
    const header = page.getByRole('columnheader', { name: new RegExp(`^${columns[sort % columns.length]}`) });
    figures.sort[size].push(await timed(page, { rows: size, firstBefore: before }, () => header.click()));
  }
  for (let change = 0; change < PAGE_CHANGES; change++) {
    const before = await firstRow(page);
    const button = page.getByRole('button', { name: change % 2 === 0 ? 'Next' : 'Previous', exact: true });
    figures.page[size].push(await timed(page, { rows: size, firstBefore: before }, () => button.click()));
  }
}

/** The page-size changes, both ways: 50 → 500 is a change to 500 rows, 500 → 50 one to 50. */
async function measurePageSizes(page: Page, portalUrl: string, figures: TableFigures): Promise<void> {
  await openTable(page, portalUrl, 50);
  for (let change = 0; change < PAGE_SIZE_CHANGES * 2; change++) {
    const size: Size = change % 2 === 0 ? 500 : 50;
    const select = page.getByRole('combobox', { name: 'Items per page' });
    figures.pageSize[size].push(
      await timed(page, { rows: size, range: `1–${size} of` }, () => select.selectOption(String(size)).then(() => undefined)),
    );
  }
}

export async function measureTable(): Promise<TableFigures> {
  const webDistDir = join(mkdtempSync(join(tmpdir(), 'coachportal-table-')), 'dist');
  await buildWebClient(webDistDir);
  const stack = await startStackOnFreePorts({
    webDistDir,
    sandboxEnv: { SANDBOX_ASSESSMENTS: String(TABLE_ASSESSMENTS) },
    bffEnv: { LOG_LEVEL: 'warn' },
    output: { logFile: join(webDistDir, '..', 'stack.log') },
  });
  try {
    return await measureOn(stack.bffUrl, stack.portalUrl);
  } finally {
    await stack.stop();
  }
}

/** The measurements on a running stack (its BFF and the portal's address). */
export async function measureOn(bffUrl: string, portalUrl: string): Promise<TableFigures> {
  const figures: TableFigures = {
    tick: { 50: [], 500: [] },
    uncheck: { 50: [], 500: [] },
    sort: { 50: [], 500: [] },
    page: { 50: [], 500: [] },
    pageSize: { 50: [], 500: [] },
    documentHeight: { 50: 0, 500: 0 },
  };
  const browser = await launchChromium();
  try {
    const page = await demoCoachPage(browser, bffUrl, installArm);
    for (const size of [50, 500] as const) await measureSize(page, portalUrl, size, figures);
    await measurePageSizes(page, portalUrl, figures);
    return figures;
  } finally {
    await browser.close();
  }
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const SIZES = [50, 500] as const;

/** The times a goal is about: the selection's paint, or the frame with the rows in the table's window. */
function goalSamples(figures: TableFigures, interaction: Interaction, size: Size): number[] {
  if (interaction === 'tick' || interaction === 'uncheck') return figures[interaction][size];
  return figures[interaction][size].map((times) => times.view);
}

export function tableReport(figures: TableFigures): { lines: string[]; goals: GoalRow[] } {
  const interactions = Object.keys(GOALS) as Interaction[];
  const allRows = (interaction: Interaction, size: Size) =>
    interaction === 'tick' || interaction === 'uncheck' ? '–' : ms(median(figures[interaction][size].map((times) => times.all)));
  const lines = [
    `The shared table in Chromium (production build, ${TABLE_ASSESSMENTS.toLocaleString('en')} assessments): from the input event to the first ` +
      "frame painted with the result (for rows: the new answer's rows filling the table's window; and all of the page's rows in):",
    '',
    '| interaction | rows per page | p50 | max | goal | all rows in, p50 | samples (ms) |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...interactions.flatMap((interaction) =>
      SIZES.map((size) => {
        const samples = goalSamples(figures, interaction, size);
        return (
          `| ${LABELS[interaction]} | ${size} | ${ms(median(samples))} | ${ms(Math.max(...samples))} | ≤ ${GOALS[interaction][size]} ms | ` +
          `${allRows(interaction, size)} | ${samples.map((one) => one.toFixed(0)).join(', ')} |`
        );
      }),
    ),
    '',
    `Document height at 1280 × 800 (the table scrolls inside it): ${figures.documentHeight[50]} px at 50 rows per page, ${figures.documentHeight[500]} px at 500.`,
  ];
  const goals: GoalRow[] = interactions.flatMap((interaction) =>
    SIZES.map((size): GoalRow => {
      const p50 = median(goalSamples(figures, interaction, size));
      const goal = GOALS[interaction][size];
      return [`table: ${LABELS[interaction]} at ${size} rows per page, p50`, ms(p50), `≤ ${goal} ms`, p50 <= goal ? 'met' : '**not met**'];
    }),
  );
  return { lines, goals };
}
