// `npm run screenshots`: the gallery. Every coach screen, the frame's dialogs and every public page in each state
// it has (loaded, empty, loading, error) and the main dialogs, at desktop (1280×800) and phone (375×812) width, in
// Debian's Chromium, into SCREENSHOT_DIR (default /tmp/coachportal-gallery) with an index.html grouped by screen and
// state (scripts/screenshots/catalogue.ts lists them). SCREENSHOT_ONLY=teams,login takes those screens only, and
// SCREENSHOT_STATES=field-errors the states whose name holds that (of every screen, or of those).
//
// `npm run screenshots -- /coachportal/email-templates [more paths]`: ad-hoc shots of those paths as a demo account
// (PORTAL_EMAIL, PORTAL_PASSWORD) at both widths, into SCREENSHOT_DIR (default /tmp/coachportal-screenshots).
//
// Both shoot pages whole (SCREENSHOT_FULL_PAGE=0: the first screen only), of PORTAL_URL when given (a running
// `npm start`: http://localhost:3000), else of a stack of their own (the client built, a sandbox and a BFF on free
// ports), stopped at the end. For looking at a screen as a user would before calling it done.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { DEMO_PASSWORD, SEED_COACHES } from '../sandbox/seed/accounts.ts';
import { launchChromium } from './lib/chromium.ts';
import { takeGallery } from './screenshots/gallery.ts';
import { openPortal, type Portal } from './screenshots/portal.ts';
import { WIDTHS } from './screenshots/shots.ts';

const paths = process.argv.slice(2);
const fullPage = process.env.SCREENSHOT_FULL_PAGE !== '0';
const log = (line: string) => console.log(line);

const portal = await openPortal(log);
let stopping: Promise<void> | undefined;
const stop = (options?: Parameters<Portal['close']>[0]) => {
  stopping ??= portal.close(options);
  return stopping;
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stop().then(() => process.exit(130)));

let crashed = false;
let missed = false;
try {
  if (paths.length > 0) await adHoc(portal.origin, paths);
  else missed = await gallery(portal.origin);
} catch (error) {
  crashed = true;
  console.error(error);
} finally {
  if ((crashed || missed) && portal.logFile) console.error(`The stack's lines: ${portal.logFile}`);
  await stop({ keepLog: crashed || missed });
}
// The gallery's shots that missed their state or that axe faults are the screens' to fix: listed in the index, not a
// failure of the script.
process.exitCode = crashed ? 1 : 0;

/** Every screen and state; whether any shot missed its state. */
async function gallery(origin: string): Promise<boolean> {
  const out = process.env.SCREENSHOT_DIR ?? '/tmp/coachportal-gallery';
  const only = process.env.SCREENSHOT_ONLY?.split(',')
    .map((screen) => screen.trim())
    .filter(Boolean);
  const states = process.env.SCREENSHOT_STATES?.split(',')
    .map((state) => state.trim())
    .filter(Boolean);
  const results = await takeGallery({ origin, out, ...(only ? { only } : {}), ...(states ? { states } : {}), fullPage, log });
  const missed = results.filter((result) => result.problem);
  log(`\n${results.length} shots: ${join(out, 'index.html')}`);
  if (missed.length > 0) {
    log(`${missed.length} did not reach their state or have axe violations:`);
    for (const result of missed) log(`  ${result.file}: ${result.problem}`);
  }
  return missed.length > 0;
}

/** The paths given, as a demo account, at both widths. */
async function adHoc(origin: string, paths: readonly string[]): Promise<void> {
  const email = process.env.PORTAL_EMAIL ?? SEED_COACHES.demo.email;
  const password = process.env.PORTAL_PASSWORD ?? DEMO_PASSWORD;
  const out = process.env.SCREENSHOT_DIR ?? '/tmp/coachportal-screenshots';
  await mkdir(out, { recursive: true });
  const browser = await launchChromium();
  try {
    for (const [name, viewport] of Object.entries(WIDTHS)) {
      const context = await browser.newContext({ baseURL: origin, viewport, deviceScaleFactor: 1 });
      const page = await context.newPage();
      const login = await page.request.post('/api/session', { headers: { 'X-CSRF': '1', Origin: origin }, data: { email, password } });
      if (!login.ok()) throw new Error(`sign-in as ${email} failed: ${login.status()} ${await login.text()}`);
      for (const path of paths) {
        await page.goto(path, { waitUntil: 'networkidle' });
        const file = join(out, `${path.replace(/^\/+/, '').replace(/[^a-z0-9]+/gi, '-') || 'root'}-${name}.png`);
        await page.screenshot({ path: file, fullPage });
        log(file);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
}
