// The written boundaries of the tree, checked over its import graph (static imports, `import()` and
// re-exports, read with the TypeScript pre-processor). A new import that crosses one fails `npm test`, with
// the file, the import and the rule it breaks. The rules are the READMEs' (web/README.md "Layout",
// bff/README.md "Layers").
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface Edge {
  /** The importing file, relative to the repository root. */
  from: string;
  /** The imported file, relative to the repository root (only imports of our own files are edges). */
  to: string;
}

interface Rule {
  name: string;
  /** Whether the edge breaks the rule. */
  breaks: (edge: Edge) => boolean;
}

const featureOf = (path: string) => /^web\/src\/features\/([^/]+)\//.exec(path)?.[1];
const under = (path: string, ...folders: string[]) => folders.some((folder) => path.startsWith(`${folder}/`));
const isTest = (path: string) => /\.test\.tsx?$/.test(path);
const isTestSupport = (path: string) => under(path, 'bff/test-support', 'sandbox/test-support') || /-test-support\.ts$/.test(path);

const RULES: readonly Rule[] = [
  {
    name: 'a feature imports lib/, components/, config/ and its own files, never another feature (compose them in app/)',
    breaks: ({ from, to }) => {
      const feature = featureOf(from);
      return feature !== undefined && featureOf(to) !== undefined && featureOf(to) !== feature;
    },
  },
  {
    name: 'a feature never imports app/ (the routes compose features, not the other way round)',
    breaks: ({ from, to }) => featureOf(from) !== undefined && under(to, 'web/src/app'),
  },
  {
    name: 'lib/, components/ and config/ are below every feature: they import no feature and no route',
    breaks: ({ from, to }) =>
      under(from, 'web/src/lib', 'web/src/components', 'web/src/config') && under(to, 'web/src/features', 'web/src/app'),
  },
  {
    name: 'the web client reaches the server only through the contract: it imports nothing of bff/, sandbox/ or scripts/',
    breaks: ({ from, to }) => under(from, 'web') && under(to, 'bff', 'sandbox', 'scripts'),
  },
  {
    name: "a BFF tag's routes import their own folder and the layers below, never another tag (shared rules live in bff/domain/)",
    breaks: ({ from, to }) => {
      const tag = /^bff\/routes\/([^/]+)\//.exec(from)?.[1];
      const other = /^bff\/routes\/([^/]+)\//.exec(to)?.[1];
      return tag !== undefined && other !== undefined && other !== tag;
    },
  },
  {
    name: 'the BFF\'s building blocks are below the routes and plugins: they import neither (bff/README.md "Layers")',
    breaks: ({ from, to }) =>
      under(from, 'bff') &&
      !under(from, 'bff/routes', 'bff/plugins', 'bff/test-support') &&
      !/^bff\/(app|server)\.ts$/.test(from) &&
      !isTest(from) &&
      under(to, 'bff/routes', 'bff/plugins'),
  },
  {
    name: "the BFF's code imports no test support, sandbox, script or web file (only tests do)",
    breaks: ({ from, to }) =>
      under(from, 'bff') &&
      !isTest(from) &&
      !under(from, 'bff/test-support') &&
      (isTestSupport(to) || under(to, 'sandbox', 'scripts', 'tests', 'web')),
  },
  {
    name: 'the sandbox stands for the legacy API: its code imports nothing of bff/, scripts/ or web/ (its tests may use the tooling)',
    breaks: ({ from, to }) => under(from, 'sandbox') && !isTest(from) && under(to, 'bff', 'scripts', 'web'),
  },
  {
    name: 'the contract toolkit is the bottom layer: it imports nothing of bff/, sandbox/, scripts/, tests/ or web/',
    breaks: ({ from, to }) => under(from, 'contract') && under(to, 'bff', 'sandbox', 'scripts', 'tests', 'web'),
  },
];

/** A package one of our files imports (`fastify`, `@fastify/busboy`, `node:stream`…). */
interface PackageImport {
  from: string;
  /** The package's name: its first path segment, or its first two for a scoped one. */
  pkg: string;
}

interface PackageRule {
  name: string;
  breaks: (use: PackageImport) => boolean;
}

/**
 * The BFF's Fastify-free code (bff/README.md "Layers" and "Conventions"): the building blocks below the routes and
 * plugins, the contract toolkit, and the routes' services, which take `(input, ctx)` and answer an `HttpAnswer`
 * when they answer more than JSON. Not the entry files, the plugins, the routes files or test code.
 */
const isFastifyFree = (path: string) =>
  !isTest(path) &&
  !isTestSupport(path) &&
  (under(path, 'contract') ||
    /^bff\/routes\/.+-service\.ts$/.test(path) ||
    (under(path, 'bff') && !under(path, 'bff/routes', 'bff/plugins') && !/^bff\/(app|server|logger)\.ts$/.test(path)));

/** `@fastify/*` packages that are plain libraries, not Fastify plugins: allowed in Fastify-free code. */
const FASTIFY_FREE_LIBRARIES = new Set(['@fastify/busboy']);
const isFastify = (pkg: string) =>
  (pkg === 'fastify' || pkg.startsWith('fastify-') || pkg.startsWith('@fastify/')) && !FASTIFY_FREE_LIBRARIES.has(pkg);

const PACKAGE_RULES: readonly PackageRule[] = [
  {
    name: 'the building blocks, the contract toolkit and the services are Fastify-free: they import neither Fastify nor a Fastify plugin (an answer other than JSON is an HttpAnswer the route adapter writes)',
    breaks: ({ from, pkg }) => isFastifyFree(from) && isFastify(pkg),
  },
];

/** Every package import that breaks a rule, with the rule's name. */
function packageViolations(uses: readonly PackageImport[], rules: readonly PackageRule[] = PACKAGE_RULES): string[] {
  return uses.flatMap((use) => rules.filter((rule) => rule.breaks(use)).map((rule) => `${use.from} → ${use.pkg}: ${rule.name}`));
}

/** Every edge that breaks a rule, with the rule's name. */
function violations(edges: readonly Edge[], rules: readonly Rule[] = RULES): string[] {
  return edges.flatMap((edge) => rules.filter((rule) => rule.breaks(edge)).map((rule) => `${edge.from} → ${edge.to}: ${rule.name}`));
}

const SOURCE = /\.(ts|tsx)$/;

function sourcesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => SOURCE.test(file) && !file.includes('node_modules'))
    .map((file) => join(folder, file));
}

/** The imports of our own files that `file` makes (packages are not edges). */
function edgesOf(file: string): Edge[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => ({ from: file, to: relative(ROOT, normalize(join(ROOT, dirname(file), specifier))) }));
}

/** The packages `file` imports (type-only imports included: a Fastify type ties the code to Fastify too). */
function packagesOf(file: string): PackageImport[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((specifier) => !specifier.startsWith('.'))
    .map((specifier) => ({
      from: file,
      pkg: specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/'),
    }));
}

describe('import boundaries', () => {
  it('holds in web/', () => {
    const edges = sourcesUnder('web').flatMap(edgesOf);
    expect(edges.length).toBeGreaterThan(500);
    expect(violations(edges)).toEqual([]);
  });

  it('holds in bff/, sandbox/ and contract/', () => {
    const edges = ['bff', 'sandbox', 'contract'].flatMap(sourcesUnder).flatMap(edgesOf);
    expect(edges.length).toBeGreaterThan(1000);
    expect(violations(edges)).toEqual([]);
  });

  it('catches a new import across features, into app/, up a layer, across BFF tags and into test support', () => {
    const planted: Edge[] = [
      { from: 'web/src/features/dashboard/components/dashboard.tsx', to: 'web/src/features/policies/components/policies-gate.tsx' },
      { from: 'web/src/features/teams/components/teams-screen.tsx', to: 'web/src/app/router.tsx' },
      { from: 'web/src/lib/query.ts', to: 'web/src/features/teams/api/create-team.ts' },
      { from: 'web/src/components/ui/button.tsx', to: 'web/src/app/coach-frame.tsx' },
      { from: 'web/src/lib/problem.ts', to: 'bff/problem.ts' },
      { from: 'bff/routes/pairs/pairs-service.ts', to: 'bff/routes/assessments/assessment-emails.ts' },
      { from: 'bff/batch/run-batch.ts', to: 'bff/plugins/app/metrics.ts' },
      { from: 'bff/routes/teams/team-service.ts', to: 'bff/test-support/fault-upstream.ts' },
      { from: 'sandbox/handlers/teams.ts', to: 'bff/problem.ts' },
      { from: 'contract/operations.ts', to: 'scripts/lib/stack.ts' },
    ];
    expect(violations(planted)).toHaveLength(planted.length);
    // Allowed: own files, lib/ and components/ from a feature, features from app/.
    const allowed: Edge[] = [
      { from: 'web/src/features/teams/components/teams-screen.tsx', to: 'web/src/features/teams/api/create-team.ts' },
      { from: 'web/src/features/teams/components/teams-screen.tsx', to: 'web/src/lib/api/list-teams.ts' },
      { from: 'web/src/features/teams/components/teams-screen.tsx', to: 'web/src/components/ui/button.tsx' },
      { from: 'web/src/app/coach-frame.tsx', to: 'web/src/features/policies/components/policies-gate.tsx' },
      { from: 'web/src/features/teams/api/create-team.ts', to: 'generated/bff.ts' },
      { from: 'bff/routes/pairs/pairs-service.ts', to: 'bff/domain/emails.ts' },
      { from: 'bff/routes/teams/team-service.test.ts', to: 'bff/test-support/fault-upstream.ts' },
      { from: 'bff/app.ts', to: 'bff/routes/teams/teams-routes.ts' },
      { from: 'sandbox/app.ts', to: 'contract/operations.ts' },
    ];
    expect(violations(allowed)).toEqual([]);
  });

  it("keeps the BFF's building blocks, the contract toolkit and the services Fastify-free", () => {
    const uses = ['bff', 'contract'].flatMap(sourcesUnder).flatMap(packagesOf);
    expect(uses.filter(({ pkg }) => pkg === 'fastify').length).toBeGreaterThan(10);
    expect(packageViolations(uses)).toEqual([]);
  });

  it('catches Fastify imported by a building block, the contract toolkit or a service', () => {
    const planted: PackageImport[] = [
      { from: 'bff/downloads/pass-through.ts', pkg: 'fastify' },
      { from: 'bff/batch/run-batch.ts', pkg: 'fastify-plugin' },
      { from: 'bff/uploads/multipart-file.ts', pkg: '@fastify/multipart' },
      { from: 'bff/operation.ts', pkg: 'fastify' },
      { from: 'contract/operations.ts', pkg: 'fastify' },
      { from: 'bff/routes/teams/team-reports-service.ts', pkg: 'fastify' },
    ];
    expect(packageViolations(planted)).toHaveLength(planted.length);
    // Allowed: the entry, the plugins, a routes file, tests and test support, and a plain library of the Fastify organisation.
    const allowed: PackageImport[] = [
      { from: 'bff/app.ts', pkg: 'fastify' },
      { from: 'bff/logger.ts', pkg: 'fastify' },
      { from: 'bff/plugins/app/openapi-routes.ts', pkg: 'fastify-plugin' },
      { from: 'bff/routes/clients/clients-upload.ts', pkg: '@fastify/ajv-compiler' },
      { from: 'bff/downloads/pass-through.test.ts', pkg: 'fastify' },
      { from: 'bff/test-support/fault-bff.ts', pkg: 'fastify' },
      { from: 'bff/uploads/multipart-file.ts', pkg: '@fastify/busboy' },
      { from: 'bff/downloads/pass-through.ts', pkg: 'node:stream' },
    ];
    expect(packageViolations(allowed)).toEqual([]);
  });
});

describe('query keys', () => {
  // web/README.md: one form of key, `queryKeyOf(path)` from lib/query-keys.ts (or a hook's own queryOptions).
  const LITERAL_KEY = /\[\s*'get'\s*,\s*'\/api\//;

  it('are written in one form: no literal key outside lib/query-keys.ts', () => {
    const literal = sourcesUnder('web/src')
      .filter((file) => file !== 'web/src/lib/query-keys.ts' && !/\.test\.tsx?$/.test(file))
      .filter((file) => LITERAL_KEY.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(literal).toEqual([]);
  });

  it('catches a literal key', () => {
    expect(LITERAL_KEY.test("queryClient.invalidateQueries({ queryKey: ['get', '/api/pairs'] })")).toBe(true);
    expect(LITERAL_KEY.test("queryClient.invalidateQueries({ queryKey: queryKeyOf('/api/pairs') })")).toBe(false);
  });
});
