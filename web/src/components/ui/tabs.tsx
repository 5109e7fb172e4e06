import type { ReactNode } from 'react';
import { Tabs as AriaTabs, type Key, Tab, TabList, TabPanel } from 'react-aria-components';

export interface TabItem {
  id: string;
  title: ReactNode;
  content: ReactNode;
}

export interface TabsProps {
  label: string;
  items: readonly TabItem[];
  selectedKey?: Key;
  onSelectionChange?: (key: Key) => void;
  orientation?: 'horizontal' | 'vertical';
}

/** Tabs with arrow-key navigation; vertical tabs make the report viewer's sidebar. */
export function Tabs({ label, items, selectedKey, onSelectionChange, orientation = 'horizontal' }: TabsProps) {
  return (
    <AriaTabs className="tabs" orientation={orientation} selectedKey={selectedKey} onSelectionChange={onSelectionChange}>
      <TabList aria-label={label} className="tabs__list" items={items}>
        {(item) => <Tab className="tabs__tab">{item.title}</Tab>}
      </TabList>
      {items.map((item) => (
        <TabPanel key={item.id} id={item.id} className="tabs__panel">
          {item.content}
        </TabPanel>
      ))}
    </AriaTabs>
  );
}
