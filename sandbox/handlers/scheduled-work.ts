// Runs the work that has come due on the sandbox clock (state/scheduled.ts) before each legacy call:
// requested team and pair reports are supplied, payments that landed pending settle.
import { takeDue } from '../state/scheduled.ts';
import type { Store } from '../state/store.ts';
import type { SandboxConfig } from './context.ts';
import { supplyPairReport } from './couples.ts';
import { settlePendingPayment } from './self-pay.ts';
import { supplyTeamReport } from './teams-reports.ts';

export function runDueWork(store: Store, config: SandboxConfig, now: number): void {
  for (const work of takeDue(store, now)) {
    if (work.kind === 'teamReport') supplyTeamReport(store.teams.get(work.id), work.at);
    else if (work.kind === 'pairReport') supplyPairReport(store.couples.get(work.id), work.at);
    else settlePendingPayment(store, config, work.id, work.at);
  }
}
