/** The portal version stamp of the running build (spec public-and-guest §9: 20251030t113749). */
export const BUILD_VERSION: string = __PORTAL_VERSION__;

/** Where the app lives (spec public-and-guest §2: all routes sit under /coachportal). */
export const BASE_PATH = '/coachportal';

/** Below this width the layout is narrow: a menu button instead of a sidebar (spec §9). */
export const NARROW_BREAKPOINT_PX = 800;

/** The video tutorial, when the build names one (PORTAL_HELP_VIDEO_URL); '' otherwise. */
export const HELP_VIDEO_URL: string = __PORTAL_HELP_VIDEO_URL__;

/** The pair Report Printing Guidelines, when the build names them (PORTAL_PAIR_PRINTING_GUIDELINES_URL); '' otherwise. */
export const PAIR_PRINTING_GUIDELINES_URL: string = __PORTAL_PAIR_PRINTING_GUIDELINES_URL__;

/** Where the general terms are published (the build's PORTAL_GENERAL_TERMS_URL); the spec names the link, not its address. */
export const GENERAL_TERMS_URL: string = __PORTAL_GENERAL_TERMS_URL__;

/** Where the end-user licence agreement is published (spec coach-shell §2.12 "Policies"; the build's PORTAL_LICENCE_AGREEMENT_URL). */
export const LICENCE_AGREEMENT_URL: string = __PORTAL_LICENCE_AGREEMENT_URL__;
