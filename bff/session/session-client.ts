// What the Profile's session list says of where a session was started: the browser, named from its
// User-Agent, and the client's network, cut coarse so that the list names no one's exact address.
import { isIPv4, isIPv6 } from 'node:net';

export const UNKNOWN_BROWSER = 'Unknown browser';
export const UNKNOWN_NETWORK = 'Unknown network';

// Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari", and every Android says "Linux".
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];
const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** "Chrome on Windows", "Safari on iOS", "Firefox", "Unknown browser": the browser family and the system, no versions. */
export function browserOf(userAgent: string | undefined): string {
  const agent = (userAgent ?? '').slice(0, 512);
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A browser on ${system}` : UNKNOWN_BROWSER);
}

/** The client's address cut to its /24 (IPv4, an IPv4-mapped IPv6 included) or its /48 (IPv6). */
export function networkOf(address: string | undefined): string {
  const ip = (address ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (isIPv4(ip)) return `${ip.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(ip)) return UNKNOWN_NETWORK;
  const [head = '', tail = ''] = ip.split('%', 1)[0]?.split('::') ?? [];
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  const prefix = groups.slice(0, 3).map((group) => Number.parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/48`;
}
