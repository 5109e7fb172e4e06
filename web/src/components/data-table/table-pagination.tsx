import { Button } from '../ui/button.tsx';
import { pageButtons, pageCount } from './table-state.ts';

export interface TablePaginationProps {
  /** The page of the rows on screen. */
  page: number;
  /** The page asked for: ahead of `page` while its rows load (Next pressed twice goes two pages on). */
  requested: number;
  pageSize: number;
  /** Records matching the filter and search; undefined until known (no range, no page numbers). */
  records: number | undefined;
  /** The next rows are on their way. */
  isBusy: boolean;
  onPage: (page: number) => void;
}

/** Previous, the page numbers (the one on screen marked) and Next, with the range shown. */
export function TablePagination({ page, requested, pageSize, records, isBusy, onPage }: TablePaginationProps) {
  const pages = records === undefined ? undefined : pageCount(records, pageSize);
  const current = Math.min(page, pages ?? page);
  const target = Math.min(requested, pages ?? requested);
  const first = records === 0 ? 0 : (current - 1) * pageSize + 1;
  const last = Math.min(current * pageSize, records ?? 0);
  return (
    <nav className="data-table__pagination" aria-label="Pages" aria-busy={isBusy || undefined}>
      {records === undefined ? null : (
        <span className="data-table__range">
          {first}–{last} of {records}
        </span>
      )}
      <Button variant="secondary" isDisabled={pages === undefined || target <= 1} onPress={() => onPage(target - 1)}>
        Previous
      </Button>
      <ol className="data-table__pages">
        {pages === undefined
          ? null
          : pageButtons(current, pages).map((item, index) =>
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
      <Button variant="secondary" isDisabled={pages === undefined || target >= pages} onPress={() => onPage(target + 1)}>
        Next
      </Button>
    </nav>
  );
}
