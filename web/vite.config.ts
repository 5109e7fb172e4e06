import optimizeLocales from '@react-aria/optimize-locales-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The built portal version stamp (spec public-and-guest §9), also written to dist/portal-version.txt:
// the BFF announces the version of the client it serves, so a tab still running an older build shows
// the new-version notice once a newer one is deployed.
const portalVersion = process.env.PORTAL_BUILD_VERSION ?? '20251030t113749';
const bff = process.env.BFF_URL ?? 'http://localhost:3000';
// The provider's video tutorial (the Help screen): the specification does not give it, so a build names it.
const helpVideoUrl = process.env.PORTAL_HELP_VIDEO_URL ?? '';
// The provider's Report Printing Guidelines for pair reports: the specification names them, not their content.
const pairPrintingGuidelinesUrl = process.env.PORTAL_PAIR_PRINTING_GUIDELINES_URL ?? '';
// The licence agreement and the general terms are the provider's pages: the specification names the links, not
// their addresses (docs/decisions/008-legal-pages-are-build-configuration.md).
const LEGAL_PAGE_DEFAULTS = {
  licenceAgreement: 'https://www.enneagramportal.com/end-user-licence-agreement',
  generalTerms: 'https://www.enneagramportal.com/general-terms',
} as const;
const licenceAgreementUrl = process.env.PORTAL_LICENCE_AGREEMENT_URL ?? LEGAL_PAGE_DEFAULTS.licenceAgreement;
const generalTermsUrl = process.env.PORTAL_GENERAL_TERMS_URL ?? LEGAL_PAGE_DEFAULTS.generalTerms;

// Two shared chunks instead of the dozen slivers the bundler would cut them into (each a request, and gzip works
// less well on many small files): react-aria's press, hover and focus core with Button, which nearly every page
// paints at once, and the form fields (text field, form validation, the password field's Show toggle). Listed
// module by module: a folder would also bring what only tables or dialogs use. Dependencies stay where they are
// (React in the entry chunk). A module renamed by an upgrade falls back to automatic chunking; `npm run budget`
// shows the cost.
// react-aria-components' Autocomplete.mjs holds the contexts TextField, ListBox and the find-anything palette read;
// it sits with the core. Its Autocomplete component is not used (the palette composes the same from react-aria's
// useAutocomplete, features/find-anything/components/palette-autocomplete.tsx), so the build leaves it out and
// nothing of the hook's reaches a form page: used, it would bring useAutocomplete and what it needs into every page
// with a text field, since a module and its static imports go where it goes.
const ARIA = 'node_modules/react-aria/dist/private/';
const ARIA_COMPONENTS = 'node_modules/react-aria-components/dist/private/';
const STATELY = 'node_modules/react-stately/dist/private/';
const CONTROLS_MODULES = [
  'node_modules/clsx/dist/clsx.mjs',
  `${STATELY}flags/flags.mjs`,
  ...['utils', 'Button', 'ProgressBar', 'Text', 'Autocomplete'].map((name) => `${ARIA_COMPONENTS}${name}.mjs`),
  ...['ssr/SSRProvider', 'focus/useFocusRing', 'button/useButton', 'collections/Hidden', 'live-announcer/LiveAnnouncer'].map(
    (name) => `${ARIA}${name}.mjs`,
  ),
  ...[
    'utils',
    'useFocusVisible',
    'focusSafely',
    'useFocus',
    'createEventHandler',
    'createKeyboardShortcutHandler',
    'useKeyboard',
    'useFocusable',
    'textSelection',
    'context',
    'usePress',
    'useFocusWithin',
    'useHover',
  ].map((name) => `${ARIA}interactions/${name}.mjs`),
  ...[
    'chain',
    'useLayoutEffect',
    'useValueEffect',
    'useId',
    'mergeRefs',
    'mergeProps',
    'useObjectRef',
    'domHelpers',
    'shadowdom/DOMFunctions',
    'isElementVisible',
    'isFocusable',
    'isVirtualEvent',
    'getMetaValue',
    'useEffectEvent',
    'runAfterTransition',
    'useSyncRef',
    'filterDOMProps',
    'getNonce',
    'useGlobalListeners',
  ].map((name) => `${ARIA}utils/${name}.mjs`),
  'web/src/components/ui/button.tsx',
];
const FIELDS_MODULES = [
  ...['form/useFormValidationState', 'utils/useControlledState', 'toggle/useToggleState'].map((name) => `${STATELY}${name}.mjs`),
  ...[
    'label/useLabel',
    'label/useField',
    'textfield/useTextField',
    'form/useFormValidation',
    'utils/useFormReset',
    'utils/useLabels',
    'button/useToggleButton',
    'button/useToggleButtonGroup',
  ].map((name) => `${ARIA}${name}.mjs`),
  ...[
    'TextField',
    'Input',
    'TextArea',
    'Label',
    'FieldError',
    'Form',
    'Group',
    'ToggleButton',
    'ToggleButtonGroup',
    'SelectionIndicator',
  ].map((name) => `${ARIA_COMPONENTS}${name}.mjs`),
  ...['text-field', 'form', 'password-field'].map((name) => `web/src/components/ui/${name}.tsx`),
];
const inGroup = (modules: readonly string[]) => {
  const paths = new Set(modules);
  return (id: string) => {
    const path = id.replaceAll('\\', '/');
    const at = path.search(/(node_modules|web\/src)\//);
    return at >= 0 && paths.has(path.slice(at));
  };
};

export default defineConfig({
  root: import.meta.dirname,
  base: '/coachportal/',
  // The portal's interface is English only: react-aria's strings for its other 30-odd locales
  // (table, grid and dialog announcements) are left out of the bundle.
  plugins: [
    react(),
    optimizeLocales.vite({ locales: ['en-US'] }),
    {
      name: 'portal-version',
      generateBundle() {
        this.emitFile({ type: 'asset', fileName: 'portal-version.txt', source: portalVersion });
      },
    },
  ],
  define: {
    __PORTAL_VERSION__: JSON.stringify(portalVersion),
    __PORTAL_HELP_VIDEO_URL__: JSON.stringify(helpVideoUrl),
    __PORTAL_PAIR_PRINTING_GUIDELINES_URL__: JSON.stringify(pairPrintingGuidelinesUrl),
    __PORTAL_LICENCE_AGREEMENT_URL__: JSON.stringify(licenceAgreementUrl),
    __PORTAL_GENERAL_TERMS_URL__: JSON.stringify(generalTermsUrl),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Both stay in dist/ for the budget check and error reporting; the BFF never serves them, and
    // 'hidden' leaves no sourceMappingURL in the scripts.
    manifest: true,
    sourcemap: 'hidden',
    target: 'es2022',
    // The one large chunk is the password strength estimator's dictionaries (zxcvbn-ts, ≈ 1.7 MB,
    // 850 KB gzip), loaded on the reset page's first keystroke; page budgets are checked by `npm run budget`.
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'controls', test: inGroup(CONTROLS_MODULES) },
            { name: 'fields', test: inGroup(FIELDS_MODULES) },
          ],
        },
      },
    },
  },
  // `npm run dev:web`: Vite's dev server in front of a running BFF (`npm start`).
  server: { port: 5173, proxy: { '/api': bff } },
});
