import { describe, expect, it } from 'vitest';
import { scriptOptions } from './paypal-payment.tsx';

describe('the PayPal loader options', () => {
  it('point the loader at the SDK address the BFF answered, with its query as options', () => {
    const options = scriptOptions({
      provider: 'paypal',
      checkoutId: 'c4ec0000-0000-4000-8000-000000000002',
      clientId: 'sandbox-paypal-client-id',
      currency: 'USD',
      amount: '55.00',
      sdkUrl: 'http://127.0.0.1:4010/__paypal/sdk/js?client-id=sandbox-paypal-client-id&currency=USD&disable-funding=card,credit',
    });
    expect(options).toEqual({
      clientId: 'sandbox-paypal-client-id',
      currency: 'USD',
      disableFunding: 'card,credit',
      sdkBaseUrl: 'http://127.0.0.1:4010/__paypal/sdk/js',
    });
  });
});
