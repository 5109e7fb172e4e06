import { useState } from 'react';
import { readJson, STORAGE_KEYS, writeJson } from '../../lib/local-storage.ts';

const isIdList = (value: unknown): value is string[] => Array.isArray(value) && value.every((id) => typeof id === 'string');

/**
 * The columns the coach hid in the named table, remembered in this browser (none without a name: the table offers no
 * choice). An id the table no longer has is ignored.
 */
export function useHiddenColumns(table: string | undefined): [ReadonlySet<string>, (hidden: ReadonlySet<string>) => void] {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(
    () => new Set(table ? (readJson(STORAGE_KEYS.hiddenColumns(table), isIdList) ?? []) : []),
  );
  const change = (next: ReadonlySet<string>) => {
    setHidden(next);
    if (table) writeJson(STORAGE_KEYS.hiddenColumns(table), [...next]);
  };
  return [hidden, change];
}
