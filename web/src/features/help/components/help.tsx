import { useDeferredValue, useState } from 'react';
import { TextField } from '../../../components/ui/text-field.tsx';
import { HELP_VIDEO_URL } from '../../../config/build.ts';
import { formatCalendarDate } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { HELP_SECTIONS, type HelpSection, WHATS_NEW, type WhatsNewEntry } from '../help-content.ts';
import './help.css';

const fold = (text: string): string => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
const sectionText = (section: HelpSection): string => fold([section.title, ...section.body.flat()].join(' '));
const SEARCHABLE = HELP_SECTIONS.map((section) => ({ section, text: sectionText(section) }));
const WHATS_NEW_TITLE = "What's New";

/**
 * The Help screen (spec coach-shell §2.11): the sections, a contents list, the dated What's New log, and a search
 * that keeps the sections and log entries mentioning every word typed.
 */
export function Help({ supportEmail }: { supportEmail: string }) {
  usePageTitle('Help');
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const words = fold(deferred).split(/\s+/).filter(Boolean);
  const matches = (text: string) => words.every((word) => text.includes(word));
  const sections = SEARCHABLE.filter((entry) => matches(entry.text)).map((entry) => entry.section);
  const logWords = words.filter((word) => !fold(WHATS_NEW_TITLE).includes(word));
  const entries = WHATS_NEW.filter((entry) =>
    logWords.every((word) => fold(`${entry.text} ${formatCalendarDate(entry.date)}`).includes(word)),
  );
  const found = sections.length + (entries.length > 0 ? 1 : 0);

  return (
    <section className="help stack" aria-labelledby="help-title">
      <h1 id="help-title">Help</h1>
      <div className="help__search">
        <TextField label="Search help" type="search" value={query} onChange={setQuery} placeholder="e.g. credits, SCO, delete" />
        <p role="status" className="help__count">
          {words.length === 0
            ? ''
            : found === 0
              ? `No help topics match "${deferred.trim()}".`
              : `${found} ${found === 1 ? 'topic matches' : 'topics match'}.`}
        </p>
      </div>
      <div className="help__layout">
        <nav className="help__contents card" aria-label="Help contents">
          <h2>Contents</h2>
          <ul className="list-stack">
            {sections.map((section) => (
              <li key={section.id}>
                <a className="link" href={`#${section.id}`}>
                  {section.title}
                </a>
              </li>
            ))}
            {entries.length > 0 ? (
              <li>
                <a className="link" href="#whats-new">
                  {WHATS_NEW_TITLE}
                </a>
              </li>
            ) : null}
          </ul>
        </nav>
        <div className="help__sections">
          {sections.map((section) => (
            <HelpArticle key={section.id} section={section} supportEmail={supportEmail} />
          ))}
          {entries.length > 0 ? <WhatsNew entries={entries} /> : null}
          <p className="help__contact">
            Still stuck? Use Leave A Message in the menu, or write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
          </p>
        </div>
      </div>
    </section>
  );
}

function HelpArticle({ section, supportEmail }: { section: HelpSection; supportEmail: string }) {
  return (
    <article id={section.id} className="help__section card" aria-labelledby={`${section.id}-title`}>
      <h2 id={`${section.id}-title`}>{section.title}</h2>
      {section.body.map((part) =>
        typeof part === 'string' ? (
          <p key={part}>{part}</p>
        ) : (
          <ul key={part.join()}>
            {part.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ),
      )}
      {section.id === 'video-tutorial' ? (
        HELP_VIDEO_URL ? (
          <p>
            <a className="link" href={HELP_VIDEO_URL} target="_blank" rel="noopener">
              Watch the video tutorial<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        ) : (
          <p>
            Ask for the tutorial’s link with Leave A Message, or at <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
          </p>
        )
      ) : null}
    </article>
  );
}

function WhatsNew({ entries }: { entries: readonly WhatsNewEntry[] }) {
  return (
    <article id="whats-new" className="help__section card" aria-labelledby="whats-new-title">
      <h2 id="whats-new-title">{WHATS_NEW_TITLE}</h2>
      <ol className="help__log list-stack">
        {entries.map((entry) => (
          <li key={entry.date}>
            <time dateTime={entry.date}>{formatCalendarDate(entry.date)}</time>
            <span>{entry.text}</span>
          </li>
        ))}
      </ol>
    </article>
  );
}
