/// <reference types="vite/client" />

/** The portal version this build was made for (vite.config.ts `define`). */
declare const __PORTAL_VERSION__: string;

/** The video tutorial's address, or '' when the build names none (PORTAL_HELP_VIDEO_URL). */
declare const __PORTAL_HELP_VIDEO_URL__: string;
/** The pair Report Printing Guidelines' address, or '' when the build names none (PORTAL_PAIR_PRINTING_GUIDELINES_URL). */
declare const __PORTAL_PAIR_PRINTING_GUIDELINES_URL__: string;
/** The end-user licence agreement's address (PORTAL_LICENCE_AGREEMENT_URL). */
declare const __PORTAL_LICENCE_AGREEMENT_URL__: string;
/** The general terms' address (PORTAL_GENERAL_TERMS_URL). */
declare const __PORTAL_GENERAL_TERMS_URL__: string;
