// The PayPal JS SDK stand-in in a real browser, loaded by @paypal/paypal-js's own loader with a custom
// sdkBaseUrl (as @paypal/react-paypal-js does) from a page on another origin, then driven through its buttons.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import { SEED_COACHES } from '../seed/accounts.ts';
import { injectLegacy } from '../test-support/legacy-contract.ts';
import { type TestSandbox, testSandbox } from '../test-support/test-sandbox.ts';
import { PAYPAL_CLIENT_ID } from './paypal-api.ts';
import { PAYPAL_SDK_PATH } from './paypal-sdk.ts';
import { createPayPalOrder } from './test-support.ts';

const PAGE =
  '<!doctype html><html lang="en"><head><title>Registration</title></head><body><main><div id="paypal"></div></main></body></html>';
const LOADER = fileURLToPath(new URL('../../node_modules/@paypal/paypal-js/dist/iife/paypal-js.min.js', import.meta.url));

interface PageEvents {
  approved: { orderID: string; payerID: string }[];
  cancelled: { orderID: string }[];
  errors: string[];
}

describe('the PayPal JS SDK stand-in (GET /__paypal/sdk/js)', () => {
  let chromium: Browser;
  let sandbox: TestSandbox;
  let sandboxUrl: string;
  let page: Page;
  let checkoutId: string;
  let portal: Server;
  let portalUrl: string;

  beforeAll(async () => {
    chromium = await launchChromium();
    sandbox = await testSandbox();
    sandboxUrl = await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
    // The portal's page on a loopback origin of its own (another port): the script and the approval are
    // cross-origin, as in the portal. (Chromium refuses a public page's requests to loopback addresses.)
    portal = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE));
    await new Promise<void>((resolve) => portal.listen(0, '127.0.0.1', resolve));
    portalUrl = `http://127.0.0.1:${(portal.address() as AddressInfo).port}/coachportal/register`;
  });
  afterAll(async () => {
    await chromium?.close();
    await new Promise((resolve) => portal.close(resolve));
    await sandbox.app.close();
  });

  beforeEach(async () => {
    const created = await injectLegacy(sandbox.app, {
      method: 'POST',
      url: '/selfpay/checkout',
      payload: {
        name: 'Katarína',
        surname: 'Horváthová',
        email: 'katarina@example.test',
        assessmentType: 'ennea',
        assessmentLanguage: 'slovak',
        provider: 'paypal',
        providerIsPayPal: true,
        amount: 55,
        currency: 'USD',
        coachUUID: SEED_COACHES.demo.uuid,
      },
    });
    checkoutId = created.json().checkoutId;
    page = await chromium.newPage();
    await page.goto(portalUrl);
    await page.addScriptTag({ path: LOADER });
    // The BFF creates the order (createPayPalOrder); the page only asks for its id.
    await page.exposeFunction('createOrderOnServer', () => createPayPalOrder(sandbox.app, { checkoutId, value: '55.00', currency: 'USD' }));
  });
  afterEach(() => page.close());

  /** Loads the SDK with the loader's custom sdkBaseUrl and renders the buttons; events collect in window.events. */
  async function renderButtons(options: Record<string, string> = {}): Promise<void> {
    const sdkBaseUrl = `${sandboxUrl}${PAYPAL_SDK_PATH}`;
    await page.evaluate(
      async ({ sdkBaseUrl, clientId, options }) => {
        const target = window as unknown as Record<string, unknown> & { events: PageEvents };
        target.events = { approved: [], cancelled: [], errors: [] };
        // The iife build sets window.paypalLoadScript to the loader's loadScript.
        const loadScript = target.paypalLoadScript as (options: object) => Promise<Record<string, unknown> | null>;
        const paypal = (await loadScript({ clientId, currency: 'USD', disableFunding: 'card,credit', sdkBaseUrl, ...options })) as {
          Buttons(props: object): { isEligible(): boolean; render(container: string): Promise<void> };
        };
        const buttons = paypal.Buttons({
          createOrder: () => (target.createOrderOnServer as () => Promise<string>)(),
          onApprove: async (data: { orderID: string; payerID: string }) => {
            target.events.approved.push({ orderID: data.orderID, payerID: data.payerID });
          },
          onCancel: (data: { orderID: string }) => {
            target.events.cancelled.push({ orderID: data.orderID });
          },
          onError: (error: Error) => {
            target.events.errors.push(error.message);
          },
        });
        if (!buttons.isEligible()) throw new Error('not eligible');
        await buttons.render('#paypal');
      },
      { sdkBaseUrl, clientId: PAYPAL_CLIENT_ID, options },
    );
  }
  const events = () => page.evaluate(() => (window as unknown as { events: PageEvents }).events);

  it('loads through paypal-js with a custom sdkBaseUrl, approves on "PayPal", and the legacy capture then succeeds', async () => {
    await renderButtons();
    const script = await page.evaluate(() => document.querySelector('script[data-js-sdk-library]')?.getAttribute('src'));
    expect(script).toBe(`${sandboxUrl}${PAYPAL_SDK_PATH}?client-id=${PAYPAL_CLIENT_ID}&currency=USD&disable-funding=card,credit`);
    expect(await page.getByRole('group', { name: 'PayPal checkout (sandbox stand-in)' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'PayPal', exact: true }).click();
    await page.waitForFunction(() => (window as unknown as { events: PageEvents }).events.approved.length === 1);
    const [approved] = (await events()).approved;
    expect(sandbox.store.payPalOrders.get(approved?.orderID ?? '')).toMatchObject({ status: 'APPROVED', customId: checkoutId });
    expect(approved?.payerID).toMatch(/^[A-Z0-9]{13}$/);
    const capture = await injectLegacy(sandbox.app, {
      method: 'POST',
      url: '/selfpay/paypalcapture',
      payload: { orderId: approved?.orderID },
    });
    expect(capture.json()).toEqual({ success: true });
  });

  it('calls onCancel on "Cancel payment" and leaves the order unapproved', async () => {
    await renderButtons();
    await page.getByRole('button', { name: 'Cancel payment' }).click();
    await page.waitForFunction(() => (window as unknown as { events: PageEvents }).events.cancelled.length === 1);
    const { cancelled, approved, errors } = await events();
    expect(approved).toEqual([]);
    expect(errors).toEqual([]);
    expect(sandbox.store.payPalOrders.get(cancelled[0]?.orderID ?? '')?.status).toBe('CREATED');
  });

  it('approves with a declined card on "Pay with a declined card": the capture is declined', async () => {
    await renderButtons();
    await page.getByRole('button', { name: 'Pay with a declined card' }).click();
    await page.waitForFunction(() => (window as unknown as { events: PageEvents }).events.approved.length === 1);
    const [approved] = (await events()).approved;
    const capture = await injectLegacy(sandbox.app, {
      method: 'POST',
      url: '/selfpay/paypalcapture',
      payload: { orderId: approved?.orderID },
    });
    expect(capture.json()).toEqual({ error: { info: 'Sorry, your transaction could not be processed.' } });
  });

  it('refuses to load for an unknown client id, so the loader rejects', async () => {
    await expect(renderButtons({ clientId: 'someone-else' })).rejects.toThrow(/failed to load/);
  });
});

describe('the approval preflight (OPTIONS /__paypal/sdk/orders/{orderId}/approve)', () => {
  it('allows any origin and the headers the page asks for', async () => {
    const sandbox = await testSandbox();
    const response = await sandbox.app.inject({
      method: 'OPTIONS',
      url: `${PAYPAL_SDK_PATH.replace(/\/js$/, '')}/orders/ORDER1/approve`,
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-forwarded-for',
      },
    });
    await sandbox.app.close();
    expect(response.statusCode).toBe(204);
    expect(response.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': 'x-forwarded-for',
    });
  });
});
