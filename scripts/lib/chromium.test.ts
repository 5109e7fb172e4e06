import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, playwrightDisabledFeatures, UNNEEDED_FEATURES } from './chromium.ts';

describe('the chromium flags', () => {
  it("find Playwright's own disabled features in its bundle", () => {
    // A few Playwright has turned off for years; an empty or short list means the bundle changed shape.
    expect(playwrightDisabledFeatures()).toEqual(expect.arrayContaining(['PaintHolding', 'MediaRouter', 'ThirdPartyStoragePartitioning']));
  });

  it("give chromium one --disable-features with Playwright's list and ours (chromium obeys only the last one)", () => {
    const switches = CHROMIUM_ARGS.filter((arg) => arg.startsWith('--disable-features='));
    expect(switches).toHaveLength(1);
    const features = (switches[0] ?? '').slice('--disable-features='.length).split(',');
    expect(features).toEqual([...playwrightDisabledFeatures(), ...UNNEEDED_FEATURES]);
  });
});
