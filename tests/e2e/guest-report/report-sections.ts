// The section lists the sandbox builds per report (sandbox/domain/guest-results.ts), followed by the
// viewer's own entries for the results and the person.
import type { ReportCode } from './seeded-guests.ts';

const ENNEAGRAM = ['Introduction', 'Your Style', 'Trifix', 'Instincts'];
const APPENDICES = ['Appendix A', 'Appendix B', 'Appendix C'];

export const REPORT_NAMES: Readonly<Record<ReportCode, string>> = { e: 'Enneagram', m: 'Maturity', c: 'Combined', cp: 'Combined+' };

export const SECTION_TITLES: Readonly<Record<ReportCode, readonly string[]>> = {
  e: [...ENNEAGRAM, ...APPENDICES, 'Results', 'Personal details'],
  m: ['Maturity Stage', ...APPENDICES, 'Results', 'Personal details'],
  c: [...ENNEAGRAM, 'Maturity Stage', 'Combined Result', ...APPENDICES, 'Results', 'Personal details'],
  cp: [...ENNEAGRAM, 'Maturity Stage', 'Combined Result', 'Development Path', ...APPENDICES, 'Results', 'Personal details'],
};
