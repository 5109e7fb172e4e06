import { Button } from '../ui/button.tsx';
import { pageButtons, pageCount } from './table-state.ts';

export interface TablePaginationProps {
  page: number;
  pageSize: number;
  /** Records matching the filter and search. */
  records: number;
  onPage: (page: number) => void;
}

/** Previous, the page numbers (the current one marked) and Next, with the range shown. */
export function TablePagination({ page, pageSize, records, onPage }: TablePaginationProps) {
  const pages = pageCount(records, pageSize);
  const current = Math.min(page, pages);
  const first = records === 0 ? 0 : (current - 1) * pageSize + 1;
  const last = Math.min(current * pageSize, records);
  return (
    <nav className="data-table__pagination" aria-label="Pages">
      <span className="data-table__range">
        {first}–{last} of {records}
      </span>
      <Button variant="secondary" isDisabled={current <= 1} onPress={() => onPage(current - 1)}>
        Previous
      </Button>
      <ol className="data-table__pages">
        {pageButtons(current, pages).map((item, index) =>
          item === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place.
            <li key={`gap-${index}`} aria-hidden="true" className="data-table__gap">
              …
            </li>
          ) : (
            <li key={item}>
              <Button
                variant={item === current ? 'primary' : 'quiet'}
                className="data-table__page"
                aria-label={`Page ${item}`}
                aria-current={item === current ? 'page' : undefined}
                onPress={() => onPage(item)}
              >
                {item}
              </Button>
            </li>
          ),
        )}
      </ol>
      <Button variant="secondary" isDisabled={current >= pages} onPress={() => onPage(current + 1)}>
        Next
      </Button>
    </nav>
  );
}
