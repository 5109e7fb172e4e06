import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { render } from '../../test/render.tsx';
import type { ActionGroup, TableAction } from './table-actions.ts';
import { TableToolbar } from './table-toolbar.tsx';

const action = (id: string, group: ActionGroup, extra: Partial<TableAction> = {}): TableAction => ({
  id,
  label: id,
  group,
  min: 0,
  onAction: () => {},
  ...extra,
});
const toolbar = () => screen.getByRole('group', { name: 'Actions' });
/** The toolbar's buttons by name, in order (a menu's button with its ▾ left out). */
const buttons = () =>
  within(toolbar())
    .getAllByRole('button')
    .map((button) => button.textContent?.replace('▾', '').trim());
/** The buttons drawn as the filled primary action. */
const primaries = () =>
  within(toolbar())
    .getAllByRole('button')
    .filter((button) => button.classList.contains('btn--primary'))
    .map((button) => button.textContent?.replace('▾', '').trim());

describe('TableToolbar', () => {
  it('wraps four buttons and menus on a phone, each shown (three buttons and More)', () => {
    const actions = [action('Add', 'frequent'), action('View', 'frequent'), action('Edit', 'frequent'), action('Delete', 'more')];
    render(<TableToolbar actions={actions} selectedCount={0} isNarrow />);
    expect(buttons()).toEqual(['Add', 'View', 'Edit', 'More']);
  });

  it('puts the frequent actions of a longer toolbar at the head of More on a phone, the Add menu in view', async () => {
    const user = userEvent.setup();
    const actions = ['A', 'B', 'C', 'D'].map((id) => action(id, 'frequent'));
    render(<TableToolbar actions={[action('New', 'add'), ...actions, action('Delete', 'more')]} selectedCount={0} isNarrow />);
    expect(buttons()).toEqual(['Add', 'More']);
    // The menu's code arrives after the toolbar's first paint: its button is enabled then.
    await waitFor(() => expect(screen.getByRole('button', { name: /More/ }).hasAttribute('disabled')).toBe(false));
    await user.click(screen.getByRole('button', { name: /More/ }));
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual(['A', 'B', 'C', 'D', 'Delete']);
  });

  it('keeps every frequent action a button at desktop width', () => {
    const actions = ['A', 'B', 'C', 'D'].map((id) => action(id, 'frequent'));
    render(<TableToolbar actions={[action('New', 'add'), ...actions, action('Delete', 'more')]} selectedCount={0} isNarrow={false} />);
    expect(buttons()).toEqual(['Add', 'A', 'B', 'C', 'D', 'More']);
  });

  it('counts only the buttons a phone shows (desktop-only ones left out)', () => {
    const actions = ['A', 'B', 'C'].map((id) => action(id, 'frequent'));
    render(
      <TableToolbar
        actions={[...actions, action('D', 'frequent', { desktopOnly: true }), action('Delete', 'more')]}
        selectedCount={0}
        isNarrow
      />,
    );
    expect(buttons()).toEqual(['A', 'B', 'C', 'More']);
  });

  it('fills one button, the Add menu, first; the others are secondary', () => {
    const actions = [action('Send', 'frequent', { min: 1 }), action('New', 'add'), action('Delete', 'more')];
    render(<TableToolbar actions={actions} selectedCount={0} isNarrow={false} />);
    expect(buttons()).toEqual(['Add', 'Send', 'More']);
    expect(primaries()).toEqual(['Add']);
  });

  it('fills the action marked primary instead, shown first, and keeps it in view on a phone', () => {
    const actions = [
      action('View', 'frequent', { min: 1, max: 1 }),
      action('Add Team', 'frequent', { primary: true }),
      action('Edit', 'frequent'),
      action('Copy', 'frequent'),
      action('Delete', 'more'),
    ];
    const { unmount } = render(<TableToolbar actions={actions} selectedCount={0} isNarrow={false} />);
    expect(buttons()).toEqual(['Add Team', 'View', 'Edit', 'Copy', 'More']);
    expect(primaries()).toEqual(['Add Team']);
    unmount();
    render(<TableToolbar actions={actions} selectedCount={0} isNarrow />);
    expect(buttons()).toEqual(['Add Team', 'More']);
  });
});
