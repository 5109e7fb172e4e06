// The BFF as production runs it (scripts/lib/bff-build.ts): its modules as JavaScript, each import of a sibling
// module pointing at its .js, and the built BFF itself starting and answering as its TypeScript does.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtBffCopy, javaScriptOf } from './bff-build.ts';

describe('javaScriptOf', () => {
  it('strips the types, keeping lines, and points relative .ts imports at their .js', () => {
    const source = [
      "import type { A } from './a.ts';",
      "import { b, type C } from '../b.ts';",
      "import './side.ts';",
      "export { d } from './d.ts';",
      "const e = await import('./e.ts');",
      "import Fastify from 'fastify';",
      "const text: string = 'see bff/operation.ts';",
    ].join('\n');
    const js = javaScriptOf(source);
    expect(js.split('\n')).toHaveLength(7);
    expect(js).not.toContain("'./a.ts'");
    expect(js).toContain("from '../b.js'");
    expect(js).toContain("import './side.js'");
    expect(js).toContain("from './d.js'");
    expect(js).toContain("import('./e.js')");
    expect(js).toContain("from 'fastify'");
    expect(js).toContain("const text         = 'see bff/operation.ts';");
  });
});

describe('the built BFF', () => {
  const root = mkdtempSync(join(tmpdir(), 'bff-build-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('starts from its JavaScript alone and answers as the TypeScript does', () => {
    builtBffCopy(root);
    // A process of its own, without the type stripper's help: only .js can load.
    const script = `
      import { buildServer } from './bff/app.js';
      import { loadConfig } from './bff/config.js';
      const config = loadConfig({ NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent',
        LEGACY_API_URL: 'http://127.0.0.1:9', SESSION_SECRETS: 'built-bff-secret-0123456789abcdef0123456789abcdef',
        ALLOWED_ORIGINS: 'https://portal.test' });
      const server = buildServer(config);
      const live = await server.inject({ url: '/healthz' });
      const refused = await server.inject({ method: 'POST', url: '/api/session', headers: { 'content-type': 'application/json', 'x-csrf': '1' }, payload: '{"email":1}' });
      console.log(JSON.stringify({ live: live.statusCode, refused: refused.statusCode, code: refused.json().code }));
      await server.close();
    `;
    const out = execFileSync(process.execPath, ['--no-experimental-strip-types', '--input-type=module', '-e', script], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(JSON.parse(out.trim().split('\n').at(-1) ?? '{}')).toEqual({ live: 200, refused: 400, code: 'validation_failed' });
  }, 60_000);
});
