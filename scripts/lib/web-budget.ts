// The JavaScript budget of the public pages: the initial JavaScript of each public route
// (the entry chunk, the route's own chunk and everything they import statically) must stay within
// 130 KB gzip, and none of it may come from the coach area. Which modules a chunk holds is read from
// its source map; chunks shared by public and coach pages (UI wrappers, react-aria) are fine.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

export const PUBLIC_ROUTE_BUDGET_BYTES = 130 * 1024;
const PUBLIC_ROUTES_DIR = 'src/app/routes/public/';
/** The features public pages may use; every other feature folder, and the coach routes, is coach-area code. */
const PUBLIC_FEATURES = ['auth', 'self-registration', 'payment-status', 'guest-report', 'policy', 'mini-assessment'];

function isCoachAreaModule(source: string): boolean {
  const path = source.replaceAll('\\', '/');
  if (path.includes('/web/src/app/routes/coach/')) return true;
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

export function measurePublicRoutes(distDir: string): RouteBudget[] {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('The Vite manifest has no entry chunk');
  const entrySet = staticClosure(manifest, entryKey);
  const gzipSize = (file: string) => gzipSync(readFileSync(join(distDir, file))).length;
  const coachModules = (file: string): string[] => {
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
      const files = [...keys].map((key) => manifest[key]?.file).filter((file): file is string => file?.endsWith('.js') === true);
      const gzipBytes = files.reduce((total, file) => total + gzipSize(file), 0);
      const coachAreaFiles = files.flatMap(coachModules);
      return {
        route,
        files,
        gzipBytes,
        coachAreaFiles,
        withinBudget: gzipBytes <= PUBLIC_ROUTE_BUDGET_BYTES && coachAreaFiles.length === 0,
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
  return [`Initial JavaScript per public route (gzip; budget ${PUBLIC_ROUTE_BUDGET_BYTES / 1024} KB):`, ...rows].join('\n');
}
