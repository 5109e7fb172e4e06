// `npm run screenshots` on two screens (SCREENSHOT_ONLY): the script starts its own stack, takes each state at both
// widths and writes an index.html that shows every PNG of the folder, each one there, a PNG of its width.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
// A coach screen without a BFF call of its own (signed in), and a public page with its loading and error states.
const SCREENS = 'help,session-check';
const EXPECTED = [
  'help--loaded--desktop.png',
  'help--loaded--phone.png',
  'session-check--error--desktop.png',
  'session-check--error--phone.png',
  'session-check--loaded--desktop.png',
  'session-check--loaded--phone.png',
  'session-check--loading--desktop.png',
  'session-check--loading--phone.png',
];
const WIDTH_OF = { desktop: 1280, phone: 375 } as const;

let out: string;
let run: { code: number | null; output: string };

/** Runs the script as `npm run screenshots` runs it, on a stack of its own (no PORTAL_URL). */
function screenshots(env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  const { PORTAL_URL: _running, ...inherited } = process.env;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts/screenshots.ts')], { cwd: ROOT, env: { ...inherited, ...env } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** A PNG's size from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'gallery-test-'));
  run = await screenshots({ SCREENSHOT_DIR: out, SCREENSHOT_ONLY: SCREENS });
}, 120_000);
afterAll(() => rm(out, { recursive: true, force: true }));

describe('npm run screenshots (the gallery), on two screens', () => {
  it('ends well, every shot in its state', () => {
    expect(run.code, run.output).toBe(0);
    expect(run.output).not.toContain('did not reach their state');
  });

  it('writes an index that shows every PNG of the folder, each there and of its width', async () => {
    const index = await readFile(join(out, 'index.html'), 'utf8');
    const shown = [...index.matchAll(/<img src="([^"]+)"/g)].map(([, src]) => src).sort();
    const pngs = (await readdir(out)).filter((name) => name.endsWith('.png')).sort();
    expect(shown).toEqual(EXPECTED);
    expect(pngs).toEqual(EXPECTED);
    for (const name of pngs) {
      const width = name.endsWith('--phone.png') ? WIDTH_OF.phone : WIDTH_OF.desktop;
      expect(pngSize(await readFile(join(out, name))).width, name).toBe(width);
    }
    expect(index).toContain('Every shot reached its state.');
    expect(index).not.toContain('data-problem');
  });

  it('groups the shots by screen and state, with captions', async () => {
    const index = await readFile(join(out, 'index.html'), 'utf8');
    const sections = [...index.matchAll(/<section id="([^"]+)">/g)].map(([, id]) => id);
    expect(sections).toEqual(['help', 'session-check']);
    const states = [...index.matchAll(/<div class="state" id="([^"]+)">/g)].map(([, id]) => id);
    expect(states).toEqual(['help--loaded', 'session-check--loaded', 'session-check--loading', 'session-check--error']);
    expect(index).toContain('Error: POST /api/session/impersonation answered 503 problem+json (dependency_unavailable).');
  });
});
