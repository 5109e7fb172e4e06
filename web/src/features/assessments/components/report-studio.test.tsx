// The report studio (spec assessments-and-clients §2.1 /reports/{code}, §3.8, §4.5): what the report is, which
// assessments offer it, its sample, and the assessments table narrowed to the coach's assessments that offer it, with
// the table's selection (select-all asks for the ids of those only) and its toolbar.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SESSION, serveLists } from '../../../test/fake-bff.ts';
import { assessmentRow } from '../../../test/fixtures.ts';
import { render } from '../../../test/render.tsx';
import type { AssessmentRow } from '../api/list-assessments.ts';
import { ReportStudio } from './report-studio.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));
afterEach(() => fetchMock.mockReset());

const MATURITY = { pdf: ['imfCoG', 'imf'], html: ['imf'], awaitingMarking: [] } as AssessmentRow['availableReports'];
const ROWS = [
  assessmentRow(1, 'Anika Novák', { assessmentType: 'EIT', availableReports: MATURITY }),
  assessmentRow(2, 'Bence Kovács', { assessmentType: 'full', availableReports: MATURITY }),
  assessmentRow(3, 'Chidi Okafor'),
];

/** A fake BFF whose list keeps the rows offering `report` when asked for one, as listAssessments does. */
function fakeBff() {
  const offering = (query: URLSearchParams) => {
    const report = query.get('report') as AssessmentRow['availableReports']['pdf'][number] | null;
    return report ? ROWS.filter((row) => row.availableReports.pdf.includes(report)) : ROWS;
  };
  return serveLists(fetchMock, {
    '/api/assessments': (query) => {
      const items = offering(query);
      return { items, total: items.length, filteredTotal: items.length, page: 1, pageSize: 50, hasReceived: false, hasGiven: false };
    },
    '/api/assessments/ids': (query) => ({ ids: offering(query).map((row) => row.id), filteredTotal: offering(query).length }),
  });
}

function renderStudio() {
  const memory = memoryLocation({ path: '/reports/imf', record: true });
  return render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <ReportStudio report="imf" session={SESSION} sample={<p>The sample slot</p>} />
    </Router>,
  );
}

describe('the report studio', () => {
  it('says what the report is, which assessments offer it and its languages, beside its sample', async () => {
    fakeBff();
    renderStudio();
    expect(screen.getByRole('heading', { level: 1, name: 'Maturity Report' })).toBeTruthy();
    expect(screen.getByText('Report studio')).toBeTruthy();
    const about = screen.getByRole('region', { name: 'About this report' });
    expect(within(about).getByText("The client's full Maturity (IMf) report: their stage of maturity.")).toBeTruthy();
    expect(within(about).getByText('Offered by').nextElementSibling?.textContent).toMatch(
      /^a Maturity or Combined assessment once it is marked/,
    );
    expect(within(about).getByText('Languages').nextElementSibling?.textContent).toBe('English');
    expect(screen.getByText('The sample slot')).toBeTruthy();
    expect(document.title).toBe('Maturity Report | Coach Portal');
  });

  it("lists only the coach's assessments that offer the report, and select-all selects those", async () => {
    const user = userEvent.setup();
    const seen = fakeBff();
    renderStudio();
    const table = await screen.findByRole('grid', { name: 'Assessments offering the Maturity Report' });
    await within(table).findByRole('rowheader', { name: /Anika Novák/ });
    expect(within(table).getByRole('rowheader', { name: /Bence Kovács/ })).toBeTruthy();
    expect(within(table).queryByRole('rowheader', { name: /Chidi Okafor/ })).toBeNull();
    expect(seen.filter((call) => call.path === '/api/assessments').every((call) => call.query.get('report') === 'imf')).toBe(true);

    await user.click(screen.getByRole('checkbox', { name: /Select all/i }));
    expect(await screen.findByText('2 selected')).toBeTruthy();
    expect(seen.find((call) => call.path === '/api/assessments/ids')?.query.get('report')).toBe('imf');
    // The assessments table's toolbar: the report's rows are sent or downloaded from here.
    expect(screen.getByRole('button', { name: 'Send Reports' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download Reports' })).toBeTruthy();
  });

  it('says so when none of the assessments offers the report yet, without offering to add a client', async () => {
    serveLists(fetchMock, {
      '/api/assessments': () => ({ items: [], total: 0, filteredTotal: 0, page: 1, pageSize: 50, hasReceived: false, hasGiven: false }),
    });
    renderStudio();
    expect(await screen.findByText('None of your assessments offers the Maturity Report yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add New Client' })).toBeNull();
  });
});
