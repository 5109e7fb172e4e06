import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DataTableProps } from './data-table.tsx';
import { DataTable } from './lazy-data-table.tsx';

// The table's code never arrives: what its place shows meanwhile.
vi.mock('./data-table.tsx', () => new Promise(() => {}));

describe('DataTable while its code loads', () => {
  it("shows the table's shape in skeletons, busy and read as 'Loading...', no spinner", async () => {
    render(<DataTable {...({} as DataTableProps<{ id: string }, string, string>)} />);
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Loading...');
    const region = status.closest('[aria-busy="true"]') as HTMLElement;
    expect(region.classList.contains('data-table')).toBe(true);
    expect(region.querySelectorAll('.table-skeleton__row')).toHaveLength(8);
    expect(document.querySelector('.loading')).toBeNull();
  });
});
