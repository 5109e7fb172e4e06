// The tables' keyboard on the assessments table (web/src/components/data-table/grid-keyboard.ts), the keyboard alone:
// `/` to the search, part of a client's name typed, ArrowDown to the rows (the focused row marked), Space selects the
// row ('1 selected'), Enter opens the client's page; `?` shows the shortcuts dialog, Ctrl/Cmd+K among them. The flow
// at desktop; the dialog at desktop and at phone width, axe on it.
import { type AssessmentList, bff, countText, dataRows, openAssessments } from '../assessments/assessments-steps.ts';
import { DEMO, expect, expectNoAxeViolations, type Page, test } from '../support/fixtures.ts';

test.use({ account: DEMO });

type Assessment = AssessmentList['items'][number];

// Sorted by Info (the client's name): the page and the BFF's answer agree on the first row of a search.
const TABLE = 'filter=showAll&sort=info&order=asc';

/**
 * A surname of one of the demo coach's own clients whose search answers first with an own client's assessment (its
 * name a link to the client's page), and that answer.
 */
async function searchedSurname(page: Page): Promise<{ surname: string; found: AssessmentList; first: Assessment }> {
  const list = await bff<AssessmentList>(page, `/api/assessments?${TABLE}&pageSize=100`);
  for (const { clientSurname: surname } of list.items.filter((item) => !item.receivedFromAnotherCoach)) {
    const found = await bff<AssessmentList>(page, `/api/assessments?${TABLE}&q=${encodeURIComponent(surname)}`);
    const [first] = found.items;
    if (first && !first.receivedFromAnotherCoach && found.filteredTotal > 1) return { surname, found, first };
  }
  throw new Error('no surname of the demo coach finds two assessments, the first an own client’s');
}

/** `?` from the table: the shortcuts dialog, with the top bar's Find anything; axe on it; Esc closes it. */
async function showShortcuts(page: Page): Promise<void> {
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('term')).toContainText(['Ctrl+K or ⌘K', '/', '↓', '↑ or ↓', 'Space', 'Enter', '?', 'Esc']);
  await expect(dialog.getByRole('definition').first()).toHaveText(/^Find anything/);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

test('searches, moves to a row, selects it and opens its client with the keyboard alone', async ({ page }) => {
  await openAssessments(page, `?${TABLE}`);
  const { surname, found, first: client } = await searchedSurname(page);
  const search = page.getByRole('searchbox', { name: 'Search' });

  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  await page.keyboard.type(surname);
  await expect(search).toHaveValue(surname);
  await expect(countText(page, `${found.filteredTotal} of ${found.total} records`)).toBeVisible();
  await expect(dataRows(page).first().getByRole('rowheader')).toContainText(`${client.clientName} ${client.clientSurname}`);

  // ArrowDown: from the search to the first row's checkbox, the row marked by a bar in the focus colour.
  await page.keyboard.press('ArrowDown');
  const first = dataRows(page).first();
  await expect(first.getByRole('checkbox')).toBeFocused();
  await expect(first.getByRole('gridcell').first()).toHaveCSS('box-shadow', /rgb\(37, 99, 235\)/);
  await page.keyboard.press('ArrowDown');
  await expect(dataRows(page).nth(1).getByRole('checkbox')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(first.getByRole('checkbox')).toBeFocused();

  await page.keyboard.press('Space');
  await expect(page.getByText('1 selected', { exact: true })).toBeVisible();
  await expect(first).toHaveAttribute('aria-selected', 'true');

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/coachportal/clighent/${client.clientId}$`));
  await expect(page.getByRole('heading', { level: 1, name: `${client.clientName} ${client.clientSurname}` })).toBeVisible();
});

test('shows the keyboard shortcuts with ?', async ({ page }) => {
  await openAssessments(page);
  await showShortcuts(page);
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test('shows the keyboard shortcuts with ?', async ({ page }) => {
    await openAssessments(page);
    await showShortcuts(page);
  });
});
