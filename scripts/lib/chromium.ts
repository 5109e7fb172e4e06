// Debian's chromium, the one browser of the project's tools and tests (never a downloaded build), and the flags
// every headless run of it takes on this kind of machine (no sandbox as root, no GPU, nothing fetched by itself).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Chromium features no headless run needs. Each new browser context opens a window, and since Chromium 15x each
 * window preloads its omnibox popup, a WebUI page of its own (chrome://omnibox-popup.top-chrome/): a renderer that
 * builds Lit components nobody sees, about 0.35 s of CPU per context on a loaded 2-core machine (20 contexts: 32–34 s
 * with it, 25–27 s without). The browser suite opens a context per test.
 */
export const UNNEEDED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup', 'PreloadTopChromeWebUI'];

/**
 * The features Playwright itself turns off. Chromium obeys only the last `--disable-features` of its command line, and
 * Playwright puts its own first: ours must repeat Playwright's list or undo it. Playwright does not export the list,
 * so it is read from its (pinned) bundle; chromium.test.ts fails if that ever stops finding it.
 */
export function playwrightDisabledFeatures(): string[] {
  const bundle = readFileSync(createRequire(import.meta.url).resolve('playwright-core/lib/coreBundle'), 'utf8');
  const list = /disabledFeatures = \[([\s\S]*?)\]\.filter\(Boolean\)/.exec(bundle)?.[1] ?? '';
  const withoutComments = list.replace(/\/\/.*$/gm, '');
  return [...withoutComments.matchAll(/"([A-Za-z0-9_]+)"/g)].map(([, feature]) => feature as string);
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--disable-features=${[...playwrightDisabledFeatures(), ...UNNEEDED_FEATURES].join(',')}`,
];

/** A headless chromium with the project's flags. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}
