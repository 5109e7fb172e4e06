// Takes the catalogue's shots (or the screens named) at each width in Debian's chromium, one new page per shot in
// its account's context, and writes them with index.html into one folder. A shot whose state did not show (a wait
// timed out, the page threw) or that axe finds fault with is still taken, and named with what went wrong in the
// index and the summary.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD, SEED_ASSISTANT, SEED_COACHES } from '../../sandbox/seed/accounts.ts';
import { axeViolations } from '../lib/axe.ts';
import { launchChromium } from '../lib/chromium.ts';
import { CATALOGUE } from './catalogue.ts';
import { galleryIndex } from './index-html.ts';
import { type Account, type Bff, type Shot, type ShotResult, WIDTHS, type Width } from './shots.ts';

export interface GalleryOptions {
  /** The portal's origin. */
  origin: string;
  /** The folder the PNGs and index.html go to. */
  out: string;
  /** Only these screens (the catalogue's `screen` ids), e.g. for a quick look or a test. */
  only?: readonly string[];
  /** Only the states whose name holds one of these (`field-errors`, `dialog-add-team`), of those screens. */
  states?: readonly string[];
  /** Pages shot whole (dialogs always as the viewport shows them). */
  fullPage: boolean;
  log: (line: string) => void;
}

/** The web client's session-storage keys for 'Later' on the policies modal and on the dashboard's messages. */
const POLICIES_LATER_KEY = 'coachportal.policiesLater';
const MESSAGES_LATER_KEY = 'coachportal.messagesLater';
const EMAILS: Record<Exclude<Account, 'visitor'>, string> = {
  demo: SEED_COACHES.demo.email,
  empty: SEED_COACHES.empty.email,
  miniOnly: SEED_COACHES.miniOnly.email,
  assistant: SEED_ASSISTANT.email,
};
const ALL_WIDTHS = Object.keys(WIDTHS) as Width[];
/** A file of the gallery's: `<screen>--<state>--<width>.png`. */
const SHOT_FILE = /^[a-z0-9-]+--[a-z0-9-]+--(desktop|phone)\.png$/;

export const shotFile = (shot: Shot, width: Width) => `${shot.screen}--${shot.state}--${width}.png`;

/**
 * The catalogue's shots of the screens named (all without names), of the states whose name holds one of `states` (all
 * without); an unknown screen is refused with the known ones, a filter that leaves nothing with the states there are.
 */
export function selectShots(only?: readonly string[], states?: readonly string[]): Shot[] {
  let shots = [...CATALOGUE];
  if (only && only.length > 0) {
    const known = new Set(CATALOGUE.map((shot) => shot.screen));
    const unknown = only.filter((screen) => !known.has(screen));
    if (unknown.length > 0) throw new Error(`no such screen in the gallery: ${unknown.join(', ')} (known: ${[...known].join(', ')})`);
    shots = shots.filter((shot) => only.includes(shot.screen));
  }
  if (!states || states.length === 0) return shots;
  const chosen = shots.filter((shot) => states.some((state) => shot.state.includes(state)));
  if (chosen.length === 0)
    throw new Error(`no state holds ${states.join(', ')} (there are: ${[...new Set(shots.map((shot) => shot.state))].join(', ')})`);
  return chosen;
}

export async function takeGallery(options: GalleryOptions): Promise<ShotResult[]> {
  const shots = selectShots(options.only, options.states);
  await mkdir(options.out, { recursive: true });
  // A gallery of its own: the shots of an earlier run (maybe of screens since renamed) go.
  for (const name of await readdir(options.out)) if (SHOT_FILE.test(name)) await rm(join(options.out, name));

  const browser = await launchChromium();
  const results: ShotResult[] = [];
  try {
    const contexts = new Contexts(browser, options.origin);
    const bff = contexts.bff();
    // Each shot at both widths before the next: a state that changes (messages read) changes between shots only.
    for (const shot of shots) {
      for (const width of shot.widths ?? ALL_WIDTHS) {
        const result = await takeShot(shot, width, await contexts.of(shot.account, width), bff, options);
        results.push(result);
        options.log(`${join(options.out, result.file)}${result.problem ? `  (${result.problem})` : ''}`);
      }
    }
  } finally {
    await browser.close();
  }
  await writeFile(
    join(options.out, 'index.html'),
    galleryIndex(results, { origin: options.origin, takenAt: new Date(), widths: WIDTHS, fullPage: options.fullPage }),
  );
  return results;
}

async function takeShot(shot: Shot, width: Width, context: BrowserContext, bff: Bff, options: GalleryOptions): Promise<ShotResult> {
  const file = shotFile(shot, width);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // Every seeded coach has a policy to sign, and the demo coach messages to acknowledge: their modals would cover
  // every coach screen. Put off for the tab ('Later'), as a coach does, except in the shots of the modals.
  if (shot.showModals !== 'policies') await page.addInitScript((key) => globalThis.sessionStorage?.setItem(key, '1'), POLICIES_LATER_KEY);
  if (shot.showModals !== 'messages') await page.addInitScript((key) => globalThis.sessionStorage?.setItem(key, '1'), MESSAGES_LATER_KEY);
  const problems: string[] = [];
  try {
    await shot.take(page, bff);
  } catch (error) {
    problems.push(`the state did not show: ${briefly(error)}`);
  }
  try {
    const broken = await loadImages(page, shot.fullPage && options.fullPage);
    if (broken.length > 0) problems.push(`image not shown: ${broken.join(', ')}`);
  } catch (error) {
    problems.push(`images still loading: ${briefly(error)}`);
  }
  try {
    await page.screenshot({ path: join(options.out, file), fullPage: shot.fullPage && options.fullPage, animations: 'disabled' });
  } catch (error) {
    problems.push(`no screenshot: ${briefly(error)}`);
  }
  // Every state the gallery shows is checked by axe as it is shot (the browser suite checks the states its flows reach).
  try {
    const violations = await axeViolations(page);
    if (violations.length > 0) problems.push(`axe: ${violations.join('; ')}`);
  } catch (error) {
    problems.push(`axe did not run: ${briefly(error)}`);
  }
  if (errors.length > 0) problems.push(`uncaught error in the page: ${errors[0]}`);
  await page.close();
  return { shot, width, file, ...(problems.length > 0 ? { problem: problems.join('; ') } : {}) };
}

/**
 * Waits for the page's images, those below the fold too in a whole-page shot (a lazy image loads as the user scrolls
 * to it; a whole-page shot scrolls nowhere); answers the addresses of those that did not load.
 */
async function loadImages(page: Page, wholePage: boolean): Promise<string[]> {
  if (wholePage)
    await page.evaluate(() => {
      for (const image of document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]')) image.loading = 'eager';
    });
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  return page.evaluate(() =>
    [...document.images].filter((image) => image.currentSrc && image.naturalWidth === 0).map((image) => image.currentSrc),
  );
}

/** A Playwright error in a line: what failed, and what it was waiting for. */
function briefly(error: unknown): string {
  // Playwright colours its call log for a terminal.
  const message = stripVTControlCharacters(error instanceof Error ? error.message : String(error));
  const lines = message.split('\n').map((line) => line.trim());
  const waiting = lines.find((line) => line.startsWith('- waiting for'));
  return [lines[0], waiting?.replace(/^- /, '')].filter(Boolean).join(': ');
}

/** One browser context per account and width; a coach signs in once (through the BFF) and both widths share it. */
class Contexts {
  readonly #browser: Browser;
  readonly #origin: string;
  readonly #contexts = new Map<string, Promise<BrowserContext>>();
  readonly #sessions = new Map<Account, Promise<Awaited<ReturnType<BrowserContext['storageState']>>>>();

  constructor(browser: Browser, origin: string) {
    this.#browser = browser;
    this.#origin = origin;
  }

  of(account: Account, width: Width): Promise<BrowserContext> {
    const key = `${account}@${width}`;
    let context = this.#contexts.get(key);
    if (!context) {
      context = this.#open(account, width);
      this.#contexts.set(key, context);
    }
    return context;
  }

  async #open(account: Account, width: Width): Promise<BrowserContext> {
    const storageState = account === 'visitor' ? undefined : await this.#session(account);
    const context = await this.#browser.newContext({ baseURL: this.#origin, viewport: WIDTHS[width], deviceScaleFactor: 1, storageState });
    context.setDefaultTimeout(15_000);
    context.setDefaultNavigationTimeout(30_000);
    return context;
  }

  #session(account: Exclude<Account, 'visitor'>) {
    let session = this.#sessions.get(account);
    if (!session) {
      session = this.#signIn(EMAILS[account]);
      this.#sessions.set(account, session);
    }
    return session;
  }

  async #signIn(email: string) {
    const context = await this.#browser.newContext({ baseURL: this.#origin });
    try {
      const answer = await context.request.post('/api/session', { headers: this.csrf(), data: { email, password: DEMO_PASSWORD } });
      if (!answer.ok()) throw new Error(`sign-in as ${email} failed: ${answer.status()} ${await answer.text()}`);
      return await context.storageState();
    } finally {
      await context.close();
    }
  }

  /** The headers of a state-changing BFF call as the web client sends them. */
  csrf(): Record<string, string> {
    return { 'X-CSRF': '1', Origin: this.#origin };
  }

  /** Reads through the desktop context of the account (its session, its cookies). */
  bff(): Bff {
    const request = async (account: Account) => (await this.of(account, 'desktop')).request;
    return {
      get: async <T>(account: Account, path: string) => {
        const answer = await (await request(account)).get(path);
        if (answer.status() !== 200) throw new Error(`GET ${path} answered ${answer.status()}`);
        return (await answer.json()) as T;
      },
      status: async (account, path) => (await (await request(account)).get(path)).status(),
      post: async <T>(account: Account, path: string, body: unknown) => {
        const answer = await (await request(account)).post(path, { headers: this.csrf(), data: body });
        if (!answer.ok()) throw new Error(`POST ${path} answered ${answer.status()}: ${await answer.text()}`);
        return (await answer.json()) as T;
      },
    };
  }
}
