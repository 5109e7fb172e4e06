import { lazy, Suspense, useId } from 'react';
import { Tabs } from '../../../components/ui/tabs.tsx';
import type { GuestReport, ReportTab } from '../utils/report-tabs.ts';
import { TabContent } from './tab-content.tsx';

// Only the narrow layout and the text-only version use the menu: its code loads when first needed,
// keeping the page's initial JavaScript within the budget (the public-route budget). The section shows meanwhile.
const MenuButton = lazy(async () => ({ default: (await import('../../../components/ui/menu.tsx')).MenuButton }));

export interface SectionLayoutProps {
  report: GuestReport;
  tabs: readonly ReportTab[];
  textOnly: boolean;
  selected: string;
  onSelect: (tabId: string) => void;
}

/** Wide layout: a sidebar of vertical section tabs (spec: public-and-guest §2). */
export function SectionTabs({ report, tabs, textOnly, selected, onSelect }: SectionLayoutProps) {
  return (
    <Tabs
      label="Report sections"
      orientation="vertical"
      selectedKey={selected}
      onSelectionChange={(key) => onSelect(String(key))}
      items={tabs.map((tab) => ({
        id: tab.id,
        title: tab.title,
        content: (
          <div className="report-panel">
            <h2 className="report-panel__title">{tab.title}</h2>
            <TabContent tab={tab} report={report} textOnly={textOnly} />
          </div>
        ),
      }))}
    />
  );
}

/** Narrow layout and the text-only version: a menu button opens the section list (spec: public-and-guest §2). */
export function SectionMenu({ report, tabs, textOnly, selected, onSelect }: SectionLayoutProps) {
  const headingId = useId();
  const tab = tabs.find((candidate) => candidate.id === selected) ?? tabs[0];
  return (
    <div className="stack">
      <nav aria-label="Report sections">
        <Suspense fallback={null}>
          <MenuButton
            label="Sections"
            items={tabs.map(({ id, title }) => ({ id, label: title }))}
            selectedKey={selected}
            onSelect={onSelect}
          />
        </Suspense>
      </nav>
      {tab ? (
        <section className="report-panel" aria-labelledby={headingId}>
          <h2 id={headingId} className="report-panel__title">
            {tab.title}
          </h2>
          <TabContent tab={tab} report={report} textOnly={textOnly} />
        </section>
      ) : null}
    </div>
  );
}

/** The print-style variant: every section on one page, one heading each. */
export function AllSections({ report, tabs, textOnly }: Omit<SectionLayoutProps, 'selected' | 'onSelect'>) {
  const baseId = useId();
  return (
    <div className="stack report-all">
      {tabs.map((tab, index) => (
        <section key={tab.id} className="report-panel" aria-labelledby={`${baseId}-${index}`}>
          <h2 id={`${baseId}-${index}`} className="report-panel__title">
            {tab.title}
          </h2>
          <TabContent tab={tab} report={report} textOnly={textOnly} />
        </section>
      ))}
    </div>
  );
}
