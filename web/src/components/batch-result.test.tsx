// A batch's result as the send and delete alerts show it (Download Reports' in download-reports-result.test.tsx): a few failures one by one, thousands grouped by
// reason with a count, every failed item still reachable by name.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BatchResultMessage } from './batch-result.tsx';
import { LISTED_ONE_BY_ONE } from './failure-groups.tsx';

const NOT_AVAILABLE = 'None of the selected reports is available for this assessment.';
const client = (n: number) => `Client${n} Person${n}`;
const id = (n: number) => `a55e55e0-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Send Reports to a mixed selection of 2,300: 2,291 without a report, 9 refused by the mail server (two reasons). */
function mixedResult() {
  const failed = [
    ...Array.from({ length: 2291 }, (_, n) => ({
      id: id(n + 1),
      name: client(n + 1),
      code: 'report_not_available',
      message: `${client(n + 1)} send failed with ${NOT_AVAILABLE}`,
    })),
    ...Array.from({ length: 7 }, (_, n) => ({
      id: id(3000 + n),
      name: client(3000 + n),
      code: 'send_failed',
      message: `${client(3000 + n)} send failed with Mailbox unavailable`,
    })),
    ...[1, 2].map((n) => ({
      id: id(4000 + n),
      name: client(4000 + n),
      code: 'send_failed',
      message: `${client(4000 + n)} send failed with Quota exceeded`,
    })),
  ];
  return { total: 2320, succeeded: 20, failed, notAttempted: 0 };
}

describe('a batch result', () => {
  it('groups thousands of failed items by reason with counts, the names of each group shown when asked', async () => {
    const { container } = render(<BatchResultMessage summary="20 of 2320 report emails sent successfully." result={mixedResult()} />);
    screen.getByText('20 of 2320 report emails sent successfully.');
    // Three lines, not 2,300: the largest group first.
    const headings = [...container.querySelectorAll('.failure-groups__heading')].map((heading) => heading.textContent);
    expect(headings).toEqual(['2,291 have no report available yet', '7 not sent: Mailbox unavailable', '2 not sent: Quota exceeded']);
    expect(screen.queryByText(client(1))).toBeNull();
    expect(container.querySelectorAll('li').length).toBe(3);

    await userEvent.click(screen.getByRole('button', { name: 'Show the 2,291 names' }));
    const names = screen.getByRole('list', { name: '2,291 have no report available yet' });
    expect(within(names).getAllByRole('listitem')).toHaveLength(2291);
    within(names).getByText(client(1));
    within(names).getByText(client(2291));
    expect(screen.getByRole('button', { name: 'Hide names' }).getAttribute('aria-expanded')).toBe('true');

    await userEvent.click(screen.getByRole('button', { name: 'Show the 2 names' }));
    const quota = screen.getByRole('list', { name: '2 not sent: Quota exceeded' });
    expect(
      within(quota)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([client(4001), client(4002)]);
  });

  it(`lists up to ${LISTED_ONE_BY_ONE} failed items one by one, each with its message`, () => {
    const result = mixedResult();
    render(
      <BatchResultMessage summary="1 of 3 sent." result={{ ...result, total: 3, succeeded: 1, failed: result.failed.slice(2297, 2299) }} />,
    );
    screen.getByText(`${client(3006)} send failed with Mailbox unavailable`);
    screen.getByText(`${client(4001)} send failed with Quota exceeded`);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
