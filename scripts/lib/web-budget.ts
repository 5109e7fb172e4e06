// The JavaScript budgets: the initial JavaScript of each public route (the entry chunk, the route's
// own chunk and everything they import statically) must stay within 110 KB gzip, and none of it may
// come from the coach area; each coach route (the entry, the coach area's shell and the screen's
// chunk, with their static imports) within 150 KB gzip. Which modules a chunk holds is read from its
// source map; chunks shared by public and coach pages (UI wrappers, react-aria) are fine.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

export const PUBLIC_ROUTE_BUDGET_BYTES = 110 * 1024;
export const COACH_ROUTE_BUDGET_BYTES = 150 * 1024;
const PUBLIC_ROUTES_DIR = 'src/app/routes/public/';
const COACH_ROUTES_DIR = 'src/app/routes/coach/';
/** The coach area's shell: loaded before every coach screen, measured with each of them. */
const COACH_AREA = `${COACH_ROUTES_DIR}coach-area.tsx`;
/** The features public pages may use; every other feature folder, the coach routes and the shared table are coach-area code. */
const PUBLIC_FEATURES = ['auth', 'self-registration', 'payment-status', 'guest-report', 'policy', 'mini-assessment'];

function isCoachAreaModule(source: string): boolean {
  const path = source.replaceAll('\\', '/');
  if (path.includes('/web/src/app/routes/coach/')) return true;
  // The shared table serves coach screens only.
  if (path.includes('/web/src/components/data-table/')) return true;
  const feature = /\/web\/src\/features\/([^/]+)\//.exec(path)?.[1];
  return feature !== undefined && !PUBLIC_FEATURES.includes(feature);
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteBudget {
  route: string;
  budgetBytes: number;
  files: string[];
  gzipBytes: number;
  /** Coach-area modules found in the set (must be empty). */
  coachAreaFiles: string[];
  withinBudget: boolean;
}

/** The chunk keys a chunk needs before it runs: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

function readManifest(distDir: string): { manifest: Manifest; entrySet: Set<string> } {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('The Vite manifest has no entry chunk');
  return { manifest, entrySet: staticClosure(manifest, entryKey) };
}

const jsFiles = (manifest: Manifest, keys: Set<string>): string[] =>
  [...keys].map((key) => manifest[key]?.file).filter((file): file is string => file?.endsWith('.js') === true);

const gzipTotal = (distDir: string, files: string[]): number =>
  files.reduce((total, file) => total + gzipSync(readFileSync(join(distDir, file))).length, 0);

export function measurePublicRoutes(distDir: string): RouteBudget[] {
  const { manifest, entrySet } = readManifest(distDir);
  const coachModules = (file: string): string[] => {
    // The bundler's own runtime helpers (rolldown-runtime-*.js) come from no source module and have no map.
    if (/(^|\/)rolldown-runtime-[^/]*\.js$/.test(file)) return [];
    const mapFile = join(distDir, `${file}.map`);
    const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] };
    // Sources are relative to the map's own folder.
    return map.sources.map((source) => resolve(dirname(mapFile), source)).filter(isCoachAreaModule);
  };

  return Object.keys(manifest)
    .filter((key) => key.startsWith(PUBLIC_ROUTES_DIR))
    .sort()
    .map((route) => {
      const keys = new Set([...entrySet, ...staticClosure(manifest, route)]);
      const files = jsFiles(manifest, keys);
      const gzipBytes = gzipTotal(distDir, files);
      const coachAreaFiles = files.flatMap(coachModules);
      return {
        route,
        budgetBytes: PUBLIC_ROUTE_BUDGET_BYTES,
        files,
        gzipBytes,
        coachAreaFiles,
        withinBudget: gzipBytes <= PUBLIC_ROUTE_BUDGET_BYTES && coachAreaFiles.length === 0,
      };
    });
}

/** Each coach screen's initial JavaScript: the entry, the coach area's shell and the screen, with their static imports. */
export function measureCoachRoutes(distDir: string): RouteBudget[] {
  const { manifest, entrySet } = readManifest(distDir);
  if (!manifest[COACH_AREA]) throw new Error(`The Vite manifest has no ${COACH_AREA}`);
  const shellSet = staticClosure(manifest, COACH_AREA);
  return Object.keys(manifest)
    .filter((key) => key.startsWith(COACH_ROUTES_DIR) && key !== COACH_AREA)
    .sort()
    .map((route) => {
      const files = jsFiles(manifest, new Set([...entrySet, ...shellSet, ...staticClosure(manifest, route)]));
      const gzipBytes = gzipTotal(distDir, files);
      return {
        route,
        budgetBytes: COACH_ROUTE_BUDGET_BYTES,
        files,
        gzipBytes,
        coachAreaFiles: [],
        withinBudget: gzipBytes <= COACH_ROUTE_BUDGET_BYTES,
      };
    });
}

export function formatBudgetTable(budgets: RouteBudget[]): string {
  const rows = budgets.map(
    (budget) =>
      `${budget.withinBudget ? 'ok  ' : 'OVER'}  ${(budget.gzipBytes / 1024).toFixed(1).padStart(6)} KB  ${budget.route}${
        budget.coachAreaFiles.length ? `  (coach area: ${budget.coachAreaFiles.join(', ')})` : ''
      }`,
  );
  const limits = [...new Set(budgets.map((budget) => budget.budgetBytes / 1024))].join(' / ');
  return [`Initial JavaScript per route (gzip; budget ${limits} KB):`, ...rows].join('\n');
}
