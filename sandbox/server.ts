// The sandbox entry: `node sandbox/server.ts`. A test and demo double of the legacy API, never for production.
import { buildSandbox } from './app.ts';
import { impersonationUrl } from './controls/impersonate.ts';
import { emptySwitches, switchesFromEnv } from './faults/switches.ts';
import { PAYPAL_CLIENT_SECRET, PAYPAL_PREFIX } from './providers/paypal-api.ts';
import { PAYPAL_SDK_PATH } from './providers/paypal-sdk.ts';
import { DEMO_PASSWORD, SEED_ASSISTANT, SEED_COACHES, TWO_FACTOR_SECRET } from './seed/accounts.ts';
import { DEFAULT_ASSESSMENTS, seedStore } from './seed/seed.ts';
import { SOAK_MAX_COACHES, soakCoachEmail } from './seed/soak.ts';

const port = Number(process.env.SANDBOX_PORT ?? 4010);
const host = process.env.SANDBOX_HOST ?? '127.0.0.1';
const assessments = Number(process.env.SANDBOX_ASSESSMENTS ?? DEFAULT_ASSESSMENTS);
const faultsEnabled = process.env.SANDBOX_FAULTS === '1';
const publicUrl = `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;
// The portal's address, when a stack starts the sandbox for one: the impersonation form leads there.
const portalUrl = process.env.SANDBOX_PORTAL_URL || undefined;
if (portalUrl !== undefined && !URL.canParse(portalUrl)) throw new Error(`SANDBOX_PORTAL_URL must be a URL, got: ${portalUrl}`);
// selfpay/init names the sandbox itself as the card provider host: it serves the hosted page at /eng/process.
const cardProviderHost = process.env.SANDBOX_CARD_PROVIDER_HOST ?? new URL(publicUrl).host;
const seconds = (name: string): number | undefined => {
  const value = process.env[name];
  if (value === undefined || value === '') return undefined;
  if (!/^[0-9]{1,7}$/.test(value)) throw new Error(`${name} must be a whole number of seconds, got: ${value}`);
  return Number(value);
};
const reportReadySeconds = seconds('SANDBOX_REPORT_READY_SECONDS');
const pairReportReadySeconds = seconds('SANDBOX_PAIR_REPORT_READY_SECONDS');
const paymentSettleSeconds = seconds('SANDBOX_PAYMENT_SETTLE_SECONDS');

const soakCoaches = Number(process.env.SANDBOX_SOAK_COACHES ?? 0);
if (!Number.isInteger(soakCoaches) || soakCoaches < 0 || soakCoaches > SOAK_MAX_COACHES)
  throw new Error(`SANDBOX_SOAK_COACHES must be a whole number from 0 to ${SOAK_MAX_COACHES}, got: ${process.env.SANDBOX_SOAK_COACHES}`);

const store = seedStore({ now: Date.now(), assessments, soakCoaches });
const app = await buildSandbox({
  store,
  config: {
    publicUrl,
    ...(portalUrl !== undefined ? { portalUrl } : {}),
    cardProviderHost,
    ...(reportReadySeconds !== undefined ? { reportReadySeconds } : {}),
    ...(pairReportReadySeconds !== undefined ? { pairReportReadySeconds } : {}),
    ...(paymentSettleSeconds !== undefined ? { paymentSettleSeconds } : {}),
    ...(process.env.SANDBOX_PORTAL_VERSION ? { portalVersion: process.env.SANDBOX_PORTAL_VERSION } : {}),
    ...(process.env.SANDBOX_SESSION_MINUTES ? { sessionMinutes: Number(process.env.SANDBOX_SESSION_MINUTES) } : {}),
  },
  ...(faultsEnabled ? { faults: { ...emptySwitches(), ...switchesFromEnv(process.env) } } : {}),
  logger: process.env.SANDBOX_LOG === '1',
});

await app.listen({ port, host });
const lines = [
  `Sandbox legacy API (test and demo double, not for production) on ${publicUrl}`,
  `  ${assessments} assessments for the demo coach; fault switches ${faultsEnabled ? `ON (${publicUrl}/__sandbox/faults)` : 'off'}`,
  `  Logins (password ${DEMO_PASSWORD}):`,
  ...Object.entries(SEED_COACHES).map(([role, coach]) => `    ${role.padEnd(10)} ${coach.email}`),
  `    assistant  ${SEED_ASSISTANT.email}`,
  ...(soakCoaches > 0 ? [`    soak       ${soakCoachEmail(1)} … ${soakCoachEmail(soakCoaches)} (${soakCoaches} coaches)`] : []),
  `  Two-factor coach TOTP secret: ${TWO_FACTOR_SECRET}`,
  `  Impersonate a coach: ${impersonationUrl({ publicUrl, ...(portalUrl !== undefined ? { portalUrl } : {}) })}`,
  `  Card provider stand-in: host ${cardProviderHost} (POST /eng/process)`,
  `  PayPal stand-in: PAYPAL_API_URL=${publicUrl}${PAYPAL_PREFIX} PAYPAL_CLIENT_SECRET=${PAYPAL_CLIENT_SECRET} PAYPAL_SDK_URL=${publicUrl}${PAYPAL_SDK_PATH}`,
];
console.log(lines.join('\n'));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
