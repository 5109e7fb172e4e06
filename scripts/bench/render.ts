// The client's render time of a 500-row page of the assessments table, in Debian's Chromium on the
// production build (`npm start`'s stack on free ports, the sandbox holding 1,200 assessments for the demo
// coach): from the end of the listAssessments response to the first frame painted after the 500 rows are in
// the DOM (two animation frames after the table changed). The page is switched between 1 and 2 (Next,
// Previous) so each sample is a new page of 500 rows, not the app's start.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '../lib/chromium.ts';
import { freePort } from '../lib/prism.ts';
import { buildWebClient, startStack } from '../lib/stack.ts';
import { median, percentile } from './load.ts';

const SAMPLES = 10;
const PASSWORD = 'Demo-portal-2026!';

export interface RenderFigures {
  samples: number[];
  p50: number;
  p95: number;
}

export async function measureRender(): Promise<RenderFigures> {
  const webDistDir = join(mkdtempSync(join(tmpdir(), 'coachportal-render-')), 'dist');
  await buildWebClient(webDistDir);
  const stack = await startStack({
    sandboxPort: await freePort(),
    bffPort: await freePort(),
    webDistDir,
    sandboxEnv: { SANDBOX_ASSESSMENTS: '1200' },
    bffEnv: { LOG_LEVEL: 'warn' },
    output: { logFile: join(webDistDir, '..', 'stack.log') },
  });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const login = await page.request.post(`${stack.bffUrl}/api/session`, {
      headers: { 'X-CSRF': '1', Origin: new URL(stack.bffUrl).origin },
      data: { email: 'demo@coachportal.test', password: PASSWORD },
    });
    if (login.status() !== 200) throw new Error(`sign-in failed with ${login.status()}`);
    await page.goto(`${stack.portalUrl}assessments?pageSize=500`);
    await page.waitForFunction(() => document.querySelectorAll('[role="grid"] [role="rowheader"]').length === 500);
    const samples: number[] = [];
    for (let sample = 0; sample < SAMPLES; sample++) {
      const button = sample % 2 === 0 ? 'Next' : 'Previous';
      // Armed before the click: resolves at the first frame painted after the first row changed and 500 rows are in.
      await page.evaluate(() => {
        const first = () => document.querySelector('[role="grid"] [role="rowheader"]')?.textContent ?? '';
        const before = first();
        (window as unknown as { painted: Promise<number> }).painted = new Promise<number>((resolve) => {
          const check = () => {
            if (first() === before || document.querySelectorAll('[role="grid"] [role="rowheader"]').length !== 500) {
              requestAnimationFrame(check);
              return;
            }
            requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now())));
          };
          requestAnimationFrame(check);
        });
      });
      await page.getByRole('button', { name: button, exact: true }).first().click();
      const paintedAt = await page.evaluate(() => (window as unknown as { painted: Promise<number> }).painted);
      const responseEnd = await page.evaluate(() => {
        const entries = performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/api/assessments?'));
        return (entries.at(-1) as PerformanceResourceTiming).responseEnd;
      });
      samples.push(paintedAt - responseEnd);
    }
    return { samples, p50: median(samples), p95: percentile(samples, 95) };
  } finally {
    await browser.close();
    await stack.stop();
  }
}

export function renderReport({ samples, p50, p95 }: RenderFigures): string[] {
  return [
    `Client render of a 500-row assessments page (Chromium, production build; response end to the first frame with the rows), ${samples.length} samples:`,
    '',
    `p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (goal: ≤ 200 ms); samples ${samples.map((ms) => ms.toFixed(0)).join(', ')} ms`,
  ];
}
