import { BUILD_VERSION } from '../../config/build.ts';

/**
 * True when the deployed portal is newer than the running build (spec public-and-guest §4: the
 * new-version callback). Stamps look like 20251030t113749, so text order is time order.
 */
export function isNewerVersion(available: string | undefined, running: string = BUILD_VERSION): boolean {
  return available !== undefined && available.toLowerCase() > running.toLowerCase();
}
