import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { render } from '../../../test/render.tsx';
import { HELP_SECTIONS, WHATS_NEW } from '../help-content.ts';
import { Help } from './help.tsx';

const articleTitles = () => screen.getAllByRole('article').map((article) => article.querySelector('h2')?.textContent);

describe('Help screen (spec coach-shell §2.11)', () => {
  it("shows every section, the What's New log from 17 March 2022 to 28 October 2025, and the support address", () => {
    render(<Help supportEmail="support@coachportal.test" />);
    expect(articleTitles()).toEqual([...HELP_SECTIONS.map((section) => section.title), "What's New"]);
    const times = [...document.querySelectorAll('.help__log time')].map((time) => time.getAttribute('datetime'));
    expect(times[0]).toBe('2025-10-28');
    expect(times.at(-1)).toBe('2022-03-17');
    expect(times).toHaveLength(WHATS_NEW.length);
    expect(screen.getAllByRole('link', { name: 'support@coachportal.test' })[0]?.getAttribute('href')).toBe(
      'mailto:support@coachportal.test',
    );
    expect(screen.getByText(/Secondary Coach Ownership: with Assign SCO/)).toBeTruthy();
  });

  it("lists the keyboard shortcuts, the tables' keys and the top bar's Find anything, found by a search", async () => {
    const user = userEvent.setup();
    render(<Help supportEmail="support@coachportal.test" />);
    await user.type(screen.getByLabelText('Search help'), 'shortcuts');
    expect(articleTitles()).toEqual(['Keyboard shortcuts']);
    const keys = within(screen.getByRole('article'))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(keys).toEqual([
      'Ctrl+K or ⌘K: Find anything: a client, an assessment, a team or a screen, from the top bar.',
      '/: Search the table on the screen.',
      '↓: From the search box, go to the first row of the table.',
      '↑ or ↓: Move between the rows of a table; ← and → move between its columns.',
      'Space: Select the row, or clear its selection, on a table with checkboxes.',
      'Enter: Open the row: the client’s page from an assessment or a client, the team’s page from a team.',
      '?: Show these shortcuts.',
      'Esc: Close a dialog or a menu; in the search box, clear the search.',
    ]);
  });

  it('keeps the sections and log entries that mention every word searched, accents and case aside', async () => {
    const user = userEvent.setup();
    render(<Help supportEmail="support@coachportal.test" />);
    await user.type(screen.getByLabelText('Search help'), 'REGISTERS returned');
    expect(articleTitles()).toEqual(['Deleting assessments']);
    expect(screen.getByRole('status').textContent).toBe('1 topic matches.');
    await user.clear(screen.getByLabelText('Search help'));
    await user.type(screen.getByLabelText('Search help'), 'powerpoint');
    expect(articleTitles()).toEqual(["What's New"]);
    expect(screen.getAllByRole('listitem').some((item) => item.textContent?.includes('PPTX'))).toBe(true);
    await user.clear(screen.getByLabelText('Search help'));
    await user.type(screen.getByLabelText('Search help'), 'zebra');
    expect(screen.queryAllByRole('article')).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe('No help topics match "zebra".');
  });
});
