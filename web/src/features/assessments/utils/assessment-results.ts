// An assessment's results in a few words, as the table's columns and View Details show them.
import type { AssessmentRow } from '../api/list-assessments.ts';

/** The Enneagram result: type, trifix and instinct (blank before there is one). */
export const enneaResult = (row: AssessmentRow): string =>
  row.ennea ? [`Type ${row.ennea.type}`, row.ennea.trifix, row.ennea.instinct].filter(Boolean).join(' · ') : '';

/** The maturity stage, or 'In marking' for a completed assessment waiting for it (blank otherwise). */
export function maturityResult(row: AssessmentRow): string {
  if (row.maturity) return `${row.maturity.stage} ${row.maturity.code} · ${row.maturity.name}`;
  return row.completedAt && row.markingState === 'notMarked' && row.assessmentType !== 'ennea' ? 'In marking' : '';
}
