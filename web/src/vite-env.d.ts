/// <reference types="vite/client" />

/** The portal version this build was made for (vite.config.ts `define`). */
declare const __PORTAL_VERSION__: string;
