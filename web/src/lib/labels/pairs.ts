// Pair (couples) reports' texts and constants (spec assessments-and-clients §3.5, §3.10, §4.10, §5 "Pairs",
// "Sending and downloading reports", §8, §9), written once for Add Pairs and the Pairs page.
import type { components } from '../../../../generated/bff.ts';

export type PairType = components['schemas']['PairType'];

/** spec §9: Romance is shown as Couples (the default), Workplace as Colleagues. */
export const PAIR_TYPE_LABELS: Readonly<Record<PairType, string>> = {
  Romance: 'Couples',
  Workplace: 'Colleagues',
};

/** spec §3.5, §9: a pair report costs 2 credits, Couples and Colleagues alike. */
export const PAIR_REPORT_COST = 2;

/** spec §9: the pairs toasts last 2 s. */
export const PAIRS_TOAST_MS = 2000;

export const PAIRS_TEXT = {
  title: 'Pairs',
  addPairs: 'Add Pairs',
  sendReports: 'Send Reports',
  sendCouplesReport: 'Send Couples Report',
  delete: 'Delete',
  printingGuidelines: 'Report Printing Guidelines',
  dueDateRequired: 'Please specify a due date.',
  reportsNotSupplied:
    'Some selected reports have not yet been provided. Please deselect them before proceeding. You can only send reports that are available.',
  notAvailableYet: 'Not available yet',
  downloadFailed: 'Download failed',
  downloading: 'Downloading...',
  sending: 'Sending email...',
  generating: 'Generating email...',
  confirmRemove: 'Are you sure you wish to remove?',
  partlyDeleted: 'Not all records could be deleted',
  /** spec §4.10: a pair report can take up to two working days. */
  turnaround: 'A pair report can take up to two working days.',
} as const;

/** spec §8: "{n} of {m} removed." */
export const removedCount = (removed: number, total: number): string => `${removed} of ${total} removed.`;

/** spec §8: "{n} of {total} report emails sent successfully." */
export const sentCount = (sent: number, total: number): string => `${sent} of ${total} report emails sent successfully.`;
