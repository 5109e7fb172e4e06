import { formatCalendarDate, formatDateTime } from '../../../lib/format.ts';
import type { GuestReport } from '../utils/report-tabs.ts';
import { type Fact, FactList } from './fact-list.tsx';

const given = (label: string, value: string | null, format: (value: string) => string = (text) => text): Fact[] =>
  value ? [{ label, value: format(value) }] : [];

/** The person the report is about (spec: public-and-guest §3) and the comments, where given. */
export function DetailsPanel({ report }: { report: GuestReport }) {
  const { person } = report;
  return (
    <FactList
      facts={[
        { label: 'Name', value: `${person.name} ${person.surname}` },
        ...given('Email', person.email),
        ...given('Company', person.company),
        ...given('Occupation', person.occupation),
        ...given('Gender', person.gender),
        ...given('Date of birth', person.dateOfBirth, formatCalendarDate),
        ...given('Completed', person.completedAt, formatDateTime),
        { label: 'Assessment', value: report.assessmentTypeName },
        ...given('Comments', report.comments),
      ]}
    />
  );
}
