import { useEffect, useRef } from 'react';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { SafeHtml } from '../../../components/safe-html.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Skeleton, SkeletonLines, SkeletonRegion } from '../../../components/ui/skeleton.tsx';
import { useAcknowledgeMessages } from '../../../lib/api/acknowledge-messages.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import type { Session } from '../../../lib/session/session.ts';
import { type Message, useMessages } from '../api/list-messages.ts';
import './messages.css';

/**
 * The Messages screen (spec coach-shell §2.10, §3 Message, §4): subject, updated time, the
 * sanitised HTML body and a 'new' badge; opening it acknowledges the messages, except for an
 * impersonator (coach-shell §6).
 */
export function Messages({ session }: { session: Session }) {
  usePageTitle('Messages');
  const { data, error, isPending, refetch } = useMessages();
  const { mutate: acknowledge } = useAcknowledgeMessages();
  const acknowledged = useRef(false);
  const impersonator = session.roles.impersonator;

  useEffect(() => {
    if (!data || impersonator || acknowledged.current) return;
    acknowledged.current = true;
    acknowledge({});
  }, [data, impersonator, acknowledge]);

  return (
    <section className="messages stack" aria-labelledby="messages-title">
      <h1 id="messages-title">Messages</h1>
      {isPending ? <MessagesSkeleton /> : null}
      <ProblemAlert error={error} onRetry={() => void refetch()} />
      {data && data.items.length === 0 ? <p>There are no messages.</p> : null}
      {data && data.items.length > 0 ? (
        <ul className="messages__list list-stack">
          {data.items.map((message, index) => (
            // Messages have no id; the list is read once per visit and never reordered.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <MessageItem key={index} message={message} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

const MESSAGE_KEYS = ['message-1', 'message-2', 'message-3'];

/** Three messages' cards until the first answer: a subject, its time and a few lines. */
function MessagesSkeleton() {
  return (
    <SkeletonRegion>
      <div className="messages__list list-stack">
        {MESSAGE_KEYS.map((key) => (
          <div key={key} className="messages__item">
            <div className="messages__header">
              <Skeleton width="min(18rem, 60%)" height="1.25rem" />
              <Skeleton width="8rem" />
            </div>
            <SkeletonLines count={3} />
          </div>
        ))}
      </div>
    </SkeletonRegion>
  );
}

function MessageItem({ message }: { message: Message }) {
  return (
    <li className="messages__item">
      <article aria-label={message.subject}>
        <header className="messages__header">
          {/* The heading is the subject alone; the badge beside it says what it means to a screen reader too. */}
          <div className="messages__title">
            <h2 className="messages__subject">{message.subject}</h2>
            {message.isNew ? (
              <Badge className="messages__new">
                New<span className="visually-hidden"> message</span>
              </Badge>
            ) : null}
          </div>
          <time className="messages__time" dateTime={message.updatedAt}>
            {formatDateTime(message.updatedAt)}
          </time>
        </header>
        <SafeHtml className="messages__body" html={message.body} />
      </article>
    </li>
  );
}
