// The self-pay settings of bff/config.ts (CARD_PROVIDER_HOSTS, PAYPAL_*).
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

const SECRET = 'test-secret-0123456789abcdef0123456789';
const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRETS: SECRET,
  LEGACY_API_URL: 'https://legacy.example',
  ALLOWED_ORIGINS: 'https://portal.example',
};

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('self-pay configuration', () => {
  it('defaults to the sandbox card provider and PayPal sandbox outside production, and to PayPal live in production', () => {
    expect(loadConfig({ SESSION_SECRETS: SECRET }).selfPay).toEqual({
      cardProviderOrigins: ['https://sandbox.cardprovider.test'],
      payPalApiUrl: 'https://api-m.sandbox.paypal.com',
      payPalClientSecret: undefined,
      payPalSdkUrl: 'https://www.paypal.com/sdk/js',
    });
    expect(loadConfig(PRODUCTION).selfPay).toMatchObject({ cardProviderOrigins: [], payPalApiUrl: 'https://api-m.paypal.com' });
  });

  it('reads the lists and URLs', () => {
    const config = loadConfig({
      ...PRODUCTION,
      CARD_PROVIDER_HOSTS: 'www.cards.example, sandbox.cards.example:8443',
      PAYPAL_API_URL: 'https://paypal-stand-in.example',
      PAYPAL_CLIENT_SECRET: 'EFk3-secret-value',
      PAYPAL_SDK_URL: 'https://www.paypal.com/sdk/js',
    });
    expect(config.selfPay).toEqual({
      cardProviderOrigins: ['https://www.cards.example', 'https://sandbox.cards.example:8443'],
      payPalApiUrl: 'https://paypal-stand-in.example',
      payPalClientSecret: 'EFk3-secret-value',
      payPalSdkUrl: 'https://www.paypal.com/sdk/js',
    });
  });

  it('names every bad value, and never echoes the secret', () => {
    const problems = problemsOf({
      SESSION_SECRETS: SECRET,
      CARD_PROVIDER_HOSTS: 'https://cards.example/eng',
      PAYPAL_API_URL: 'ftp://paypal.example',
      PAYPAL_CLIENT_SECRET: 'short',
      PAYPAL_SDK_URL: 'ftp://www.paypal.com/sdk/js',
    });
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).toContain('CARD_PROVIDER_HOSTS must be a comma-separated list of host names');
    expect(problems.join('\n')).toContain('PAYPAL_API_URL must be an http:// or https:// URL');
    expect(problems.join('\n')).toContain('PAYPAL_SDK_URL must be an http:// or https:// URL');
    expect(problems).toContain('PAYPAL_CLIENT_SECRET must be the PayPal REST app secret');
  });

  it('takes http:// card provider origins (the sandbox) outside production only', () => {
    expect(loadConfig({ SESSION_SECRETS: SECRET, CARD_PROVIDER_HOSTS: 'http://127.0.0.1:4010' }).selfPay.cardProviderOrigins).toEqual([
      'http://127.0.0.1:4010',
    ]);
    expect(problemsOf({ ...PRODUCTION, CARD_PROVIDER_HOSTS: 'http://127.0.0.1:4010' })).toEqual([
      'CARD_PROVIDER_HOSTS entry "http://127.0.0.1:4010" must use https:// in production',
    ]);
  });
});
