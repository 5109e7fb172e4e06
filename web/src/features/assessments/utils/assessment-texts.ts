// The assessments screens' texts (spec assessments-and-clients §8 error catalogue, §9 constants).

/** spec §9: toasts on the assessments screen last 2500 ms. */
export const TOAST_MS = 2500;

export const COPIED_TO_CLIPBOARD = 'Copied to clipboard';
export const DOWNLOADING = 'Downloading...';
export const DOWNLOAD_FAILED = 'Download failed';
export const NO_HISTORY = 'no sent records found';
/** spec §8: logging of sent e-mails began on 17 March 2022. */
export const historyNote = (kind: 'invite' | 'report') =>
  `${kind === 'invite' ? 'Invites' : 'Reports'} may have been sent before 17 March 2022, when logging began.`;
