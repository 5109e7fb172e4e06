import { Select } from '../../../components/ui/select.tsx';
import { LANGUAGE_NAMES } from '../../../lib/labels/languages.ts';
import type { GuestReport } from '../utils/report-tabs.ts';

type ReportLanguage = GuestReport['reportLanguage'];

interface LanguageSwitcherProps {
  languages: readonly ReportLanguage[];
  value: ReportLanguage;
  onChange: (language: ReportLanguage) => void;
}

/** The mini-guest variant's language switcher (spec: public-and-guest §2 "Variants"). */
export function LanguageSwitcher({ languages, value, onChange }: LanguageSwitcherProps) {
  return (
    <Select
      label="Report language"
      className="guest-report__language"
      options={languages.map((language) => ({ id: language, label: LANGUAGE_NAMES[language] }))}
      value={value}
      onChange={(key) => {
        const language = languages.find((known) => known === key);
        if (language && language !== value) onChange(language);
      }}
    />
  );
}
