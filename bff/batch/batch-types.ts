// The shapes every batch shares: what an item is and what a batch answers (the contract's BatchResult). They
// import nothing of the batch's code, so the handler types (operation.ts) can name the ledger without a circle.
import type { components } from '../../generated/bff.ts';

export type BatchResult = components['schemas']['BatchResult'];
export type BatchFailure = components['schemas']['BatchFailure'];

export interface BatchItem {
  readonly id: string;
  /** What the user knows the item by (the client's name); failures are reported by it. */
  readonly name: string;
}
