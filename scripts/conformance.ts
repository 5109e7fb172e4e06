// `npm run conformance [-- --target <url>] [-- --write]`: checks that a legacy API answers as
// openapi/legacy.yaml says, through `prism proxy --errors` (scripts/lib/conformance.ts). Without --target it
// starts the seeded sandbox on a free port and signs in as the demo coach. Read-only unless --write.
// Credentials for a real target: CONFORMANCE_EMAIL and CONFORMANCE_PASSWORD. Exits 1 when a call failed.
import { parseArgs } from 'node:util';
import { buildSandbox } from '../sandbox/app.ts';
import { DEMO_PASSWORD, SEED_COACHES } from '../sandbox/seed/accounts.ts';
import { seedStore } from '../sandbox/seed/seed.ts';
import { formatTable, runConformance } from './lib/conformance.ts';

const { values } = parseArgs({
  options: { target: { type: 'string' }, write: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } },
});
if (values.help) {
  console.log(
    'npm run conformance [-- --target https://legacy.staging.example] [-- --write]\n' +
      '  --target  the legacy API to check (default: the seeded sandbox, started here)\n' +
      '  --write   also run the calls that change data (mark messages read, record a link copy, leave a message)\n' +
      'A real target needs CONFORMANCE_EMAIL and CONFORMANCE_PASSWORD (a test coach).',
  );
  process.exit(0);
}

const target = values.target ?? process.env.CONFORMANCE_TARGET;
let sandbox: Awaited<ReturnType<typeof buildSandbox>> | undefined;
let targetUrl: string;
let email = process.env.CONFORMANCE_EMAIL;
let password = process.env.CONFORMANCE_PASSWORD;
if (target) {
  if (!URL.canParse(target) || !/^https?:$/.test(new URL(target).protocol)) {
    console.error(`--target must be an http(s) URL, got "${target}"`);
    process.exit(2);
  }
  if (!email || !password) {
    console.error('A target needs CONFORMANCE_EMAIL and CONFORMANCE_PASSWORD (a test coach of that legacy API).');
    process.exit(2);
  }
  targetUrl = target;
} else {
  sandbox = await buildSandbox({ store: seedStore({ now: Date.now() }) });
  targetUrl = await sandbox.listen({ port: 0, host: '127.0.0.1' });
  email ??= SEED_COACHES.demo.email;
  password ??= DEMO_PASSWORD;
}

console.log(`Checking ${targetUrl} against openapi/legacy.yaml (${values.write ? 'reads and writes' : 'read-only'})...`);
try {
  const results = await runConformance({ target: targetUrl, email, password, write: values.write });
  console.log(formatTable(results));
  process.exitCode = results.some((result) => result.outcome === 'failed') ? 1 : 0;
} finally {
  await sandbox?.close();
}
