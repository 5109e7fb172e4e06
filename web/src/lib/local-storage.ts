/**
 * What the browser may keep between visits (only conveniences, never the coach id or a
 * secret). Every key the app uses is listed here so that logout and reviews see them in one place.
 */
export const STORAGE_KEYS = {
  selfRegistration: 'coachportal.selfRegistration',
  checkoutState: (checkoutId: string) => `coachportal.checkout.${checkoutId}`,
  miniProgress: (coachUuid: string) => `coachportal.mini.${coachUuid}`,
  reportTab: 'coachportal.reportTab',
  pageSize: 'coachportal.pageSize',
  pipelineFilter: 'coachportal.pipelineFilter',
  /** The dashboard pipeline panel's "needs a nudge" thresholds and its period. */
  pipelinePanel: 'coachportal.pipelinePanel',
  /** The columns the coach hid in one table (the table's name: 'assessments'). */
  hiddenColumns: (table: string) => `coachportal.columns.${table}`,
} as const;

export function readJson<T>(key: string, isValid: (value: unknown) => value is T): T | undefined {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    if (raw == null) return undefined;
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled (private mode): the convenience is lost, the page still works.
  }
}

export function removeKey(key: string): void {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch {
    // see writeJson
  }
}
