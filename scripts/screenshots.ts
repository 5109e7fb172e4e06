// `npm run screenshots -- /coachportal/email-templates [more paths]`: signs in to a running portal (`npm start`,
// or PORTAL_URL) as a demo account and saves each path at desktop (1280 px) and phone (375 px) width, full
// page (SCREENSHOT_FULL_PAGE=0: the first screen only), in Debian's Chromium, to SCREENSHOT_DIR (default /tmp/coachportal-screenshots). For looking at a
// screen as a user would before calling it done.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { launchChromium } from './lib/chromium.ts';

const portal = new URL(process.env.PORTAL_URL ?? 'http://localhost:3000/');
const email = process.env.PORTAL_EMAIL ?? 'demo@coachportal.test';
const password = process.env.PORTAL_PASSWORD ?? 'Demo-portal-2026!';
const out = process.env.SCREENSHOT_DIR ?? '/tmp/coachportal-screenshots';
const paths = process.argv.slice(2);
if (paths.length === 0) {
  console.error('usage: npm run screenshots -- /coachportal/<screen> [...]');
  process.exit(2);
}

const WIDTHS = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 812 } } as const;
await mkdir(out, { recursive: true });
const browser = await launchChromium();
try {
  for (const [name, viewport] of Object.entries(WIDTHS)) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
    const page = await context.newPage();
    const login = await page.request.post(new URL('/api/session', portal).href, {
      headers: { 'X-CSRF': '1', Origin: portal.origin },
      data: { email, password },
    });
    if (!login.ok()) throw new Error(`sign-in as ${email} failed: ${login.status()} ${await login.text()}`);
    for (const path of paths) {
      await page.goto(new URL(path, portal).href, { waitUntil: 'networkidle' });
      const file = join(out, `${path.replace(/^\/+/, '').replace(/[^a-z0-9]+/gi, '-') || 'root'}-${name}.png`);
      await page.screenshot({ path: file, fullPage: process.env.SCREENSHOT_FULL_PAGE !== '0' });
      console.log(file);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
