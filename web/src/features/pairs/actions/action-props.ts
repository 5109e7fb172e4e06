import type { ActionProps } from '../../../components/data-table/table-actions.ts';
import type { Session } from '../../../lib/session/session.ts';
import type { PairRow } from '../api/list-pairs.ts';

/** What the Pairs page gives each action besides the selection. */
export interface PairExtras {
  session: Session;
}

/** What every toolbar action of the Pairs page receives (web/README.md "Add a table action"). */
export type PairActionProps = ActionProps<PairRow> & PairExtras;
