import type { ActionRegistry } from '../../../components/data-table/table-actions.ts';
import { PAIRS_TEXT } from '../../../lib/labels/pairs.ts';
import { lazyWithPreload } from '../../../lib/lazy-with-preload.ts';
import type { PairRow } from '../api/list-pairs.ts';
import type { PairExtras } from './action-props.ts';

/** The toolbar of the Pairs page (spec assessments-and-clients §3.10), in the order shown; each action loads when first used. */
export const PAIR_ACTIONS: ActionRegistry<PairRow, PairExtras> = {
  sendReports: {
    label: PAIRS_TEXT.sendReports,
    group: 'frequent',
    min: 1,
    component: lazyWithPreload(() => import('./send-reports-action.tsx')),
  },
  delete: { label: PAIRS_TEXT.delete, group: 'frequent', min: 1, component: lazyWithPreload(() => import('./delete-pairs-action.tsx')) },
  guidelines: {
    label: PAIRS_TEXT.printingGuidelines,
    group: 'frequent',
    min: 0,
    component: lazyWithPreload(() => import('./printing-guidelines-action.tsx')),
  },
};
