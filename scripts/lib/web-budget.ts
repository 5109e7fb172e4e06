// The JavaScript budget of the public pages (issue 5): the initial JavaScript of each public route
// (the entry chunk, the route's own chunk and everything they import statically) must stay within
// 130 KB gzip, and none of it may come from the coach area.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const PUBLIC_ROUTE_BUDGET_BYTES = 130 * 1024;
const PUBLIC_ROUTES_DIR = 'src/app/routes/public/';
const COACH_AREA_ROUTE = 'src/app/routes/coach/coach-area.tsx';

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
  /** Files of the set that belong to the coach area (must be empty). */
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
  const coachOnly = new Set([...staticClosure(manifest, COACH_AREA_ROUTE)].filter((key) => !entrySet.has(key)));
  const gzipSize = (file: string) => gzipSync(readFileSync(join(distDir, file))).length;

  return Object.keys(manifest)
    .filter((key) => key.startsWith(PUBLIC_ROUTES_DIR))
    .sort()
    .map((route) => {
      const keys = new Set([...entrySet, ...staticClosure(manifest, route)]);
      const files = [...keys].map((key) => manifest[key]?.file).filter((file): file is string => file?.endsWith('.js') === true);
      const gzipBytes = files.reduce((total, file) => total + gzipSize(file), 0);
      const coachAreaFiles = [...keys].filter((key) => coachOnly.has(key)).map((key) => manifest[key]?.file ?? key);
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
