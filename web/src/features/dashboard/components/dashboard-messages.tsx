import { useId } from 'react';
import { SafeHtml } from '../../../components/safe-html.tsx';
import type { Dashboard } from '../api/get-dashboard.ts';

/** spec coach-shell §2.3, §3: the messages the coach has to acknowledge (legacy HTML, sanitised). */
export function DashboardMessages({ messages }: { messages: Dashboard['messagesToAck'] }) {
  const headingId = useId();
  return (
    <section className="dashboard-messages alert alert--info" aria-labelledby={headingId}>
      <h2 id={headingId}>Messages to acknowledge</h2>
      {messages.map((message, index) => (
        // Messages have no id; the list is read once and never reordered.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <article key={index} className="dashboard-messages__message">
          <h3>{message.subject}</h3>
          <SafeHtml html={message.body} />
        </article>
      ))}
    </section>
  );
}
