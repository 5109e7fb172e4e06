// `npm start`: builds the web client, runs the sandbox (the demo stand-in for the legacy API) and
// the BFF pointed at it, waits until both answer, and prints the URL and the demo logins.
// Ctrl+C stops everything.
import { impersonationUrl } from '../sandbox/controls/impersonate.ts';
import { buildWebClient, startStack } from './lib/stack.ts';

const sandboxPort = Number(process.env.SANDBOX_PORT ?? 4010);
const bffPort = Number(process.env.PORT ?? 3000);

console.log('Building the web client...');
await buildWebClient();

const stack = await startStack({
  sandboxPort,
  bffPort,
  bffEnv: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
  output: 'inherit',
  onUnexpectedExit: (name, code) => {
    console.error(`The ${name} exited with ${code}; stopping.`);
    void stack.stop().then(() => process.exit(1));
  },
});

console.log(
  [
    '',
    `Coach portal: ${stack.portalUrl}  (API ${stack.bffUrl}/api, health ${stack.bffUrl}/readyz; sandbox ${stack.sandboxUrl})`,
    'Demo sign-in: demo@coachportal.test / Demo-portal-2026!  (other accounts: see the README, "Demo accounts")',
    // On the portal's host name, as the sandbox prints it too: the session's cookie must reach the BFF.
    `Impersonate a coach (the admin tool's stand-in): ${impersonationUrl({ publicUrl: stack.sandboxUrl, portalUrl: stack.portalUrl })}`,
    'Ctrl+C stops everything.',
  ].join('\n'),
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void stack.stop().then(() => process.exit(0)));
}
