import { useId, useState } from 'react';
import { Button } from './ui/button.tsx';
import './failure-groups.css';

/** One item a batch could not do: what the coach knows it by, and why, as the BFF said it. */
export interface FailedItem {
  key: string;
  name: string;
  /** The failure's stable code (`report_not_available`); groups the items with the reason. */
  code: string;
  /** The user-facing message; when it names the item, the name is taken out for the group's heading. */
  message: string;
}

/** Up to this many failed items are listed one by one, each with its message; more are grouped by reason. */
export const LISTED_ONE_BY_ONE = 10;

const count = (n: number) => n.toLocaleString('en');

/** The headings of the reasons the spec's batches fail for most, counted ("2,291 have no report available yet"). */
const PHRASES: Readonly<Record<string, (n: number) => string>> = {
  report_not_available: (n) => `${count(n)} ${n === 1 ? 'has' : 'have'} no report available yet`,
  already_registered: (n) => `${count(n)} ${n === 1 ? 'has' : 'have'} already registered and cannot be deleted`,
  outcome_unknown: (n) => `${count(n)}: not known whether done, as no answer came back in time. Please check them before trying again.`,
};

/** The message without the item's name in it ("Thandi Mokoena send failed with X" is "send failed with X"). */
function reasonOf({ name, message }: FailedItem): string {
  const trimmed = name.trim();
  if (!trimmed) return message;
  if (message.startsWith(trimmed)) return message.slice(trimmed.length).replace(/^[\s:,]+/, '');
  return message.split(trimmed).join('…');
}

/** A group's heading: the spec's reason in a counted sentence, else the count and the reason as the BFF said it. */
function headingOf(code: string, reason: string, n: number): string {
  const phrase = PHRASES[code];
  if (phrase) return phrase(n);
  const sendFailed = /^send failed with (.*)$/s.exec(reason);
  if (sendFailed) return `${count(n)} not sent: ${sendFailed[1]}`;
  return `${count(n)} failed: ${reason.charAt(0).toUpperCase()}${reason.slice(1)}`;
}

export interface FailureGroup {
  heading: string;
  names: string[];
}

/** The failed items grouped by code and reason, the largest group first, the items of each in the batch's order. */
export function groupFailures(items: readonly FailedItem[]): FailureGroup[] {
  const groups = new Map<string, { code: string; reason: string; names: string[] }>();
  for (const item of items) {
    const reason = reasonOf(item);
    const key = `${item.code}\u0000${reason}`;
    const group = groups.get(key) ?? { code: item.code, reason, names: [] };
    group.names.push(item.name);
    groups.set(key, group);
  }
  return [...groups.values()]
    .sort((a, b) => b.names.length - a.names.length)
    .map(({ code, reason, names }) => ({ heading: headingOf(code, reason, names.length), names }));
}

/** One reason: its counted heading, and its items' names behind a button (thousands are rendered only when asked). */
function Group({ heading, names }: FailureGroup) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <li className="failure-groups__group">
      <span className="failure-groups__heading">{heading}</span>{' '}
      <Button
        variant="quiet"
        className="failure-groups__toggle"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onPress={() => setOpen(!open)}
      >
        {open ? 'Hide names' : names.length === 1 ? 'Show the name' : `Show the ${count(names.length)} names`}
      </Button>
      {open ? (
        // A long list scrolls inside the alert; focusable so that a keyboard scrolls it too.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus (WCAG 2.1.1).
        <ul id={listId} className="failure-groups__names" tabIndex={0} aria-label={heading}>
          {names.map((name, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two clients may share a name; the list never reorders.
            <li key={index}>{name}</li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * A batch's failed items, each reachable by name: a few are listed one by one with their messages, more are grouped
 * by reason with a count ("2,291 have no report available yet"), each group's names shown when asked.
 */
export function FailureGroups({ items, className }: { items: readonly FailedItem[]; className?: string }) {
  if (items.length === 0) return null;
  if (items.length <= LISTED_ONE_BY_ONE) {
    return (
      <ul className={className}>
        {items.map((item) => (
          <li key={item.key}>{item.message.startsWith(item.name) ? item.message : `${item.name}: ${item.message}`}</li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="failure-groups">
      {groupFailures(items).map((group) => (
        <Group key={group.heading} {...group} />
      ))}
    </ul>
  );
}
