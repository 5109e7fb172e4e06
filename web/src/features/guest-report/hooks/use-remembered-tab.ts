import { useCallback, useState } from 'react';
import { readJson, STORAGE_KEYS, writeJson } from '../../../lib/local-storage.ts';

/** The last tab chosen, per report code: each report type has its own section list. */
type RememberedTabs = Record<string, string>;

const isRememberedTabs = (value: unknown): value is RememberedTabs =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((tab) => typeof tab === 'string');

/**
 * The selected tab: the one last chosen for this report code when the report still has it, else the
 * first (spec: public-and-guest §2 and §4 "Guest report viewer").
 */
export function useRememberedTab(reportCode: string, tabIds: readonly string[]): [string, (tabId: string) => void] {
  const [chosen, setChosen] = useState(() => readJson(STORAGE_KEYS.reportTab, isRememberedTabs)?.[reportCode]);
  const choose = useCallback(
    (tabId: string) => {
      setChosen(tabId);
      writeJson(STORAGE_KEYS.reportTab, { ...readJson(STORAGE_KEYS.reportTab, isRememberedTabs), [reportCode]: tabId });
    },
    [reportCode],
  );
  const selected = chosen !== undefined && tabIds.includes(chosen) ? chosen : (tabIds[0] ?? '');
  return [selected, choose];
}
