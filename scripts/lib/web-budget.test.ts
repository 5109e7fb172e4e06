import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { measurePublicRoutes, PUBLIC_ROUTE_BUDGET_BYTES } from './web-budget.ts';

/** A fake Vite build: an entry, two public routes (one pulling a coach feature), the coach area. */
function fakeBuild(routeBytes: number): string {
  const dist = mkdtempSync(join(tmpdir(), 'budget-'));
  mkdirSync(join(dist, '.vite'));
  mkdirSync(join(dist, 'assets'));
  const chunk = (file: string, sources: string[], size = 100) => {
    // Random bytes do not compress: gzip size ≈ file size.
    writeFileSync(join(dist, file), randomBytes(size));
    writeFileSync(join(dist, `${file}.map`), JSON.stringify({ sources: sources.map((source) => `../../web/src/${source}`) }));
  };
  chunk('assets/index.js', ['main.tsx']);
  chunk('assets/login.js', ['app/routes/public/login.tsx', 'features/auth/login-form.tsx'], routeBytes);
  chunk('assets/policy.js', ['app/routes/public/policy.tsx']);
  chunk('assets/shared.js', ['components/ui/button.tsx', 'features/coach-shell/dashboard.tsx']);
  chunk('assets/coach.js', ['app/routes/coach/coach-area.tsx']);
  writeFileSync(
    join(dist, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': {
        file: 'assets/index.js',
        isEntry: true,
        dynamicImports: ['src/app/routes/public/login.tsx', 'src/app/routes/coach/coach-area.tsx'],
      },
      'src/app/routes/public/login.tsx': { file: 'assets/login.js', imports: ['index.html'] },
      'src/app/routes/public/policy.tsx': { file: 'assets/policy.js', imports: ['index.html', '_shared.js'] },
      '_shared.js': { file: 'assets/shared.js' },
      'src/app/routes/coach/coach-area.tsx': { file: 'assets/coach.js', imports: ['index.html', '_shared.js'] },
    }),
  );
  return dist;
}

describe('measurePublicRoutes', () => {
  it('sums the entry and the route chunks and passes a small route', () => {
    const [login] = measurePublicRoutes(fakeBuild(1000));
    expect(login).toMatchObject({
      route: 'src/app/routes/public/login.tsx',
      files: ['assets/index.js', 'assets/login.js'],
      coachAreaFiles: [],
      withinBudget: true,
    });
    expect(login?.gzipBytes).toBeGreaterThan(1000);
  });

  it('fails a route over 110 KB gzip', () => {
    const [login] = measurePublicRoutes(fakeBuild(PUBLIC_ROUTE_BUDGET_BYTES + 1));
    expect(login?.withinBudget).toBe(false);
  });

  it('fails a public route whose chunks hold coach-area modules', () => {
    const policy = measurePublicRoutes(fakeBuild(1000)).find((budget) => budget.route.endsWith('policy.tsx'));
    expect(policy?.coachAreaFiles).toEqual([expect.stringMatching(/\/web\/src\/features\/coach-shell\/dashboard\.tsx$/)]);
    expect(policy?.withinBudget).toBe(false);
  });
});
