import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render } from '../../test/render.tsx';
import type { ActionGroup, TableAction } from './table-actions.ts';
import { TableToolbar } from './table-toolbar.tsx';

const action = (id: string, group: ActionGroup, desktopOnly = false): TableAction => ({
  id,
  label: id,
  group,
  min: 0,
  desktopOnly,
  onAction: () => {},
});
// The class that makes the toolbar one sideways-scrolling row at phone width (data-table.css).
const scrolls = () => screen.getByRole('group', { name: 'Actions' }).classList.contains('data-table__toolbar--scroll');

describe('TableToolbar', () => {
  it('wraps four buttons and menus, each whole on a phone (three buttons and More)', () => {
    const actions = [action('Add', 'frequent'), action('View', 'frequent'), action('Edit', 'frequent'), action('Delete', 'more')];
    render(<TableToolbar actions={actions} selectedCount={0} isNarrow />);
    expect(scrolls()).toBe(false);
  });

  it('scrolls more than four sideways in one row on a phone (four buttons and More)', () => {
    const actions = ['A', 'B', 'C', 'D'].map((id) => action(id, 'frequent'));
    render(<TableToolbar actions={[...actions, action('Delete', 'more')]} selectedCount={0} isNarrow />);
    expect(scrolls()).toBe(true);
  });

  it('counts only the buttons a phone shows (desktop-only ones left out)', () => {
    const actions = ['A', 'B', 'C'].map((id) => action(id, 'frequent'));
    render(<TableToolbar actions={[...actions, action('D', 'frequent', true), action('Delete', 'more')]} selectedCount={0} isNarrow />);
    expect(scrolls()).toBe(false);
  });
});
