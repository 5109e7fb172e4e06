// `node scripts/stamps.ts`: draws the accreditation stamps (spec coach-shell §6: 1 Enneagram Practitioner,
// 2 Maturity Practitioner, 3 Teams Practitioner, 4 Facilitation Practitioner) as SVG and renders each to a
// transparent 600 × 600 PNG with the Debian chromium, into web/public/stamps/ (served as /coachportal/stamps/level-N.png,
// the addresses the BFF lists in the profile's Web Resources). The files are committed; run this after changing
// the design.
import { writeFile } from 'node:fs/promises';
import { launchChromium } from './lib/chromium.ts';

const OUT = new URL('../web/public/stamps/', import.meta.url);
const TITLES = ['Enneagram Practitioner', 'Maturity Practitioner', 'Teams Practitioner', 'Facilitation Practitioner'] as const;
// The portal's brand colours (web/src/styles/global.css).
const BRAND = '#1f4fa3';
const ACCENT = '#f6a83b';
const SIZE = 600;

/** A point of the Enneagram's circle (1 to 9, 9 at the top), around (300, 300). */
const point = (n: number, radius: number): string => {
  const angle = ((n % 9) * 40 - 90) * (Math.PI / 180);
  return `${(300 + radius * Math.cos(angle)).toFixed(1)} ${(300 + radius * Math.sin(angle)).toFixed(1)}`;
};

function stampSvg(level: number, title: string): string {
  const r = 70;
  const triangle = `M${point(9, r)} L${point(3, r)} L${point(6, r)} Z`;
  const hexad = `M${point(1, r)} L${point(4, r)} L${point(2, r)} L${point(8, r)} L${point(5, r)} L${point(7, r)} Z`;
  const stars = Array.from({ length: level }, (_, index) => {
    const x = 300 + (index - (level - 1) / 2) * 34;
    return `<path transform="translate(${x} 455) scale(0.9)" d="M0 -14 L4 -4 L14 -4 L6 3 L9 13 L0 7 L-9 13 L-6 3 L-14 -4 L-4 -4 Z" fill="${ACCENT}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 600 600" role="img">
  <title>Accredited coach, level ${level}: ${title}</title>
  <defs>
    <path id="top" d="M 80 300 A 220 220 0 0 1 520 300"/>
    <path id="bottom" d="M 70 300 A 230 230 0 0 0 530 300"/>
  </defs>
  <circle cx="300" cy="300" r="290" fill="${BRAND}"/>
  <circle cx="300" cy="300" r="272" fill="none" stroke="#ffffff" stroke-width="4"/>
  <circle cx="300" cy="300" r="186" fill="#ffffff"/>
  <circle cx="300" cy="300" r="176" fill="none" stroke="${BRAND}" stroke-width="3"/>
  <text font-family="DejaVu Sans, Arial, sans-serif" font-size="38" font-weight="bold" letter-spacing="6" fill="#ffffff">
    <textPath href="#top" startOffset="50%" text-anchor="middle">ACCREDITED COACH</textPath>
  </text>
  <text font-family="DejaVu Sans, Arial, sans-serif" font-size="30" letter-spacing="4" fill="#ffffff" dominant-baseline="hanging">
    <textPath href="#bottom" startOffset="50%" text-anchor="middle">COACH PORTAL</textPath>
  </text>
  <g transform="translate(0 -62)">
    <circle cx="300" cy="300" r="${r}" fill="none" stroke="${BRAND}" stroke-opacity="0.35" stroke-width="3"/>
    <path d="${hexad}" fill="none" stroke="${BRAND}" stroke-width="5" stroke-linejoin="round"/>
    <path d="${triangle}" fill="none" stroke="${ACCENT}" stroke-width="7" stroke-linejoin="round"/>
  </g>
  <text x="300" y="345" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="46" font-weight="bold" fill="${BRAND}">LEVEL ${level}</text>
  <text x="300" y="392" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="${title.length > 22 ? 25 : 28}" fill="#1b2430">${title}</text>
  ${stars}
</svg>
`;
}

const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE } });
  for (const [index, title] of TITLES.entries()) {
    const level = index + 1;
    const svg = stampSvg(level, title);
    await writeFile(new URL(`level-${level}.svg`, OUT), svg);
    await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${svg}</body></html>`);
    await writeFile(new URL(`level-${level}.png`, OUT), await page.locator('svg').screenshot({ omitBackground: true }));
    console.log(`web/public/stamps/level-${level}.png: ${title}`);
  }
} finally {
  await browser.close();
}
