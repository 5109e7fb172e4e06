import { describe, expect, it } from 'vitest';
import { BFF_MAX_LENGTH } from '../../../../generated/bff-limits.ts';
import { isActionEnabled } from './table-actions.ts';
import {
  isFiltered,
  nextTableState,
  pageButtons,
  pageCount,
  readTableState,
  type TableStateConfig,
  tableDate,
  writeTableState,
} from './table-state.ts';

type Sort = 'createdAt' | 'info';
type Filter = 'showAll' | 'wrapped';
const CONFIG: TableStateConfig<Sort, Filter> = {
  sorts: ['createdAt', 'info'],
  defaultSort: 'createdAt',
  filters: ['showAll', 'wrapped'],
  noFilter: 'showAll',
};
const read = (search: string, remembered?: 10 | 50 | 100 | 200 | 500) => readTableState(new URLSearchParams(search), CONFIG, remembered);

describe('the shared table state in the URL (spec coach-shell §2.2)', () => {
  it('takes the defaults when the URL says nothing: createdAt newest first, page 1, 50 a page', () => {
    expect(read('')).toEqual({ filter: undefined, q: '', sort: 'createdAt', order: 'desc', page: 1, pageSize: 50 });
  });

  it('reads every part, and the remembered page size when the URL has none', () => {
    expect(read('filter=wrapped&q=Kov&sort=info&order=asc&page=3&pageSize=200')).toEqual({
      filter: 'wrapped',
      q: 'Kov',
      sort: 'info',
      order: 'asc',
      page: 3,
      pageSize: 200,
    });
    expect(read('', 10).pageSize).toBe(10);
    expect(read('pageSize=100', 10).pageSize).toBe(100);
  });

  it('ignores unknown or broken values instead of failing', () => {
    expect(read('filter=nope&sort=drop&order=up&page=-2&pageSize=7')).toEqual(read(''));
    expect(read('page=1.5').page).toBe(1);
    expect(read('filter=showAll').filter).toBeUndefined();
  });

  it("cuts a search in a shared link to what the list operations take (the contract's SearchText)", () => {
    const long = 'x'.repeat(300);
    expect(readTableState(new URLSearchParams({ q: long }), CONFIG).q).toBe('x'.repeat(BFF_MAX_LENGTH.SearchText));
  });

  it('writes only what differs from the defaults, and reads back the same state', () => {
    expect(writeTableState(read(''), CONFIG).toString()).toBe('');
    const state = read('filter=wrapped&q=a+b&sort=info&order=asc&page=2&pageSize=10');
    expect(read(writeTableState(state, CONFIG).toString())).toEqual(state);
  });

  it("keeps the address's other parameters and replaces the table's own", () => {
    const others = new URLSearchParams('addToTeam=t-1&q=old&page=3');
    expect(writeTableState(read('q=new'), CONFIG, others).toString()).toBe('addToTeam=t-1&q=new');
  });

  it('starts again at page 1 after a new filter, search, sort or page size, but not when paging', () => {
    const onPage4 = read('page=4');
    expect(nextTableState(onPage4, { q: 'x' }).page).toBe(1);
    expect(nextTableState(onPage4, { filter: 'wrapped' }).page).toBe(1);
    expect(nextTableState(onPage4, { sort: 'info', order: 'asc' }).page).toBe(1);
    expect(nextTableState(onPage4, { pageSize: 10 }).page).toBe(1);
    expect(nextTableState(onPage4, { page: 5 }).page).toBe(5);
  });

  it("is 'Filtered' when a filter or a search narrows it", () => {
    expect(isFiltered({ filter: undefined, q: ' ' })).toBe(false);
    expect(isFiltered({ filter: 'wrapped', q: '' })).toBe(true);
    expect(isFiltered({ filter: undefined, q: 'Kov' })).toBe(true);
  });
});

describe('pagination', () => {
  it('counts pages (at least one)', () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
  });

  it('shows the first, the last and the neighbours of the current page, with gaps', () => {
    expect(pageButtons(1, 1)).toEqual([1]);
    expect(pageButtons(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pageButtons(5, 12)).toEqual([1, 'gap', 4, 5, 6, 'gap', 12]);
    expect(pageButtons(12, 12)).toEqual([1, 'gap', 11, 12]);
  });
});

describe('table values', () => {
  it('cuts dates to YYYY-MM-DD', () => {
    expect(tableDate('2025-09-03T10:41:37Z')).toBe('2025-09-03');
    expect(tableDate(undefined)).toBe('');
  });

  it('enables a button only within its selection count (spec assessments-and-clients §2.3)', () => {
    const exactlyOne = { min: 1, max: 1 };
    const oneOrMore = { min: 1 };
    const none = { min: 0, max: 0 };
    expect([0, 1, 2].map((count) => isActionEnabled(exactlyOne, count))).toEqual([false, true, false]);
    expect([0, 1, 500].map((count) => isActionEnabled(oneOrMore, count))).toEqual([false, true, true]);
    expect([0, 1].map((count) => isActionEnabled(none, count))).toEqual([true, false]);
  });

  it("carries a screen's scope parameters: read, kept through other changes, counted as filtering, cleared", () => {
    const scoped: TableStateConfig<Sort, Filter> = { ...CONFIG, scope: ['stage', 'days'] };
    const state = readTableState(new URLSearchParams('stage=nudgeInvited&days=90&other=1&page=3'), scoped);
    expect(state.scope).toEqual({ stage: 'nudgeInvited', days: '90' });
    expect(isFiltered(state)).toBe(true);
    const searched = nextTableState(state, { q: 'kovacs' });
    expect(writeTableState(searched, scoped, new URLSearchParams('stage=x&other=1')).toString()).toBe(
      'other=1&stage=nudgeInvited&days=90&q=kovacs',
    );
    const cleared = nextTableState(state, { scope: {} });
    expect(writeTableState(cleared, scoped, new URLSearchParams('stage=nudgeInvited&days=90')).toString()).toBe('');
    expect(isFiltered(cleared)).toBe(false);
  });
});
