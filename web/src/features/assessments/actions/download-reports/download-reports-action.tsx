import { useState } from 'react';
import type { components } from '../../../../../../generated/bff.ts';
import { failedMessage } from '../../../../components/data-table/action-messages.tsx';
import { ProblemAlert } from '../../../../components/problem-alert.tsx';
import { CheckboxGroup } from '../../../../components/ui/checkbox-group.tsx';
import { FormDialog } from '../../../../components/ui/form-dialog.tsx';
import { Loading } from '../../../../components/ui/loading.tsx';
import { NativeSelect } from '../../../../components/ui/native-select.tsx';
import { useFieldErrors } from '../../../../lib/field-errors.ts';
import { REPORT_NAMES, type ReportCode } from '../../../../lib/labels/assessments.ts';
import { problemCode } from '../../../../lib/problem.ts';
import { useCreateReportDownload } from '../../api/create-report-download.ts';
import { useSelectionSummary } from '../../api/summarize-assessment-selection.ts';
import type { AssessmentActionProps } from '../shared/action-props.ts';
import { DownloadPreparingDialog, DownloadProgressDialog } from './download-progress-dialog.tsx';
import { DOWNLOAD_TEXTS, downloadLimit, MAX_REPORTS_PER_DOWNLOAD, waitingForMarking } from './download-reports-result.tsx';
import './download-reports.css';

type ReportLanguage = components['schemas']['ReportLanguage'];

// spec §9 "Sample report languages": the Enneagram report's variants; every other report is English.
const LANGUAGES: readonly { id: ReportLanguage; label: string }[] = [
  { id: 'english', label: 'English' },
  { id: 'afrikaans', label: 'Afrikaans' },
  { id: 'hungarian', label: 'Hungarian' },
  { id: 'italian', label: 'Italian' },
  { id: 'slovak', label: 'Slovakian' },
];

/** The BFF's refusal of a selection offering more reports than a download holds: the coach chooses again. */
const TOO_MANY = 'too_many_reports';

/**
 * Download Reports (spec assessments-and-clients §2.3, §4.5, §4.6, §5 "Download"): the reports the selection offers
 * (the BFF's summary of the whole selection, as Send Reports lists them: each report at least one selected assessment
 * offers, in the spec's order; those only waiting for marking are named, not offered), then the progress modal from
 * the press of Download (it cannot be closed while running) while the BFF streams the zip. Each assessment gives the
 * chosen reports it offers; a download holds at most MAX_REPORTS_PER_DOWNLOAD, said when the selection could offer more.
 */
export default function DownloadReportsAction({ ids, finish }: AssessmentActionProps) {
  const summary = useSelectionSummary(ids, true);
  const offered = summary.data?.reports.offered ?? [];
  const waiting = summary.data?.reports.awaitingMarking ?? [];
  const [reports, setReports] = useState<ReportCode[]>([]);
  const [language, setLanguage] = useState<ReportLanguage>('english');
  const create = useCreateReportDownload();
  // 'Please select a report to download' at the reports, the first one focused.
  const fields = useFieldErrors<'reports'>();

  if (create.data) return <DownloadProgressDialog jobId={create.data.jobId} total={create.data.total} finish={finish} />;
  if (create.isPending) return <DownloadPreparingDialog />;

  const choose = (chosen: readonly string[]) => {
    // Another choice: a refusal of the previous one no longer applies.
    if (create.error) create.reset();
    fields.clear('reports');
    setReports(offered.filter((code) => chosen.includes(code)));
  };
  const start = () => {
    if (!fields.report({ reports: reports.length === 0 ? DOWNLOAD_TEXTS.reportRequired : undefined })) return;
    create.mutate(
      { body: { ids: [...ids], reports, language } },
      // Too many reports: the dialog stays with the BFF's message, to choose fewer; any other refusal ends it.
      { onError: (failure) => (problemCode(failure) === TOO_MANY ? undefined : finish(failedMessage(failure))) },
    );
  };
  return (
    <FormDialog
      title="Download Reports"
      onClose={() => finish()}
      onSubmit={start}
      submitLabel="Download"
      isSubmitDisabled={offered.length === 0}
      error={problemCode(create.error) === TOO_MANY ? create.error : null}
      formRef={fields.formRef}
    >
      {summary.isPending ? <Loading label="Loading..." /> : null}
      <ProblemAlert error={summary.error} />
      {summary.data && offered.length === 0 ? <p>{DOWNLOAD_TEXTS.noReports}</p> : null}
      {offered.length > 0 ? (
        <>
          <p>
            {`The reports are saved as one zip file for ${ids.length === 1 ? 'the selected assessment' : `the ${ids.length.toLocaleString('en')} selected assessments`}; `}
            each assessment gives the reports it offers.
            {/* Said before anything starts when the selection could offer more than a download holds. */}
            {ids.length * offered.length > MAX_REPORTS_PER_DOWNLOAD ? ` ${downloadLimit()}` : null}
          </p>
          <CheckboxGroup
            label="Reports"
            className="download-reports__reports"
            options={offered.map((report) => ({ id: report, label: REPORT_NAMES[report] }))}
            value={reports}
            onChange={choose}
            {...fields.field('reports')}
          />
        </>
      ) : null}
      {waiting.length > 0 ? <p>{waitingForMarking(waiting.map((code) => REPORT_NAMES[code]))}</p> : null}
      {offered.includes('basic') ? (
        <NativeSelect
          label="Enneagram Report language"
          options={LANGUAGES}
          value={language}
          onChange={(value) => setLanguage(value as ReportLanguage)}
        />
      ) : null}
    </FormDialog>
  );
}
