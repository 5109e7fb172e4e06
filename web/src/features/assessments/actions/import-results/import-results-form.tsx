import { type ReactNode, useState } from 'react';
import type { components } from '../../../../../../generated/bff.ts';
import type { ActionMessage } from '../../../../components/data-table/table-actions.ts';
import { Alert } from '../../../../components/ui/alert.tsx';
import { NativeSelect } from '../../../../components/ui/native-select.tsx';
import { LANGUAGE_NAMES, type Language } from '../../../../lib/labels/languages.ts';
import { useAssessmentProjects } from '../../api/list-assessment-projects.ts';
import { DEFAULT_RANKING, EnneagramRanking } from './enneagram-ranking.tsx';
import { InstinctSliders, isTie, LEVEL_SCORES } from './instinct-sliders.tsx';
import '../shared/add-assessment.css';
import './import-results.css';
import { FormDialog } from '../../../../components/ui/form-dialog.tsx';
import { type ClientFieldErrors, type RequiredClientField, useClientFormErrors } from '../shared/client-fields.tsx';

/** The results part of both imports (spec §3.6); the client's part is the dialog's own. */
export type ImportedResultsFields = Omit<components['schemas']['ResultsImport'], 'otherData'>;
type ImportedResults = components['schemas']['ImportedResults'];

// spec assessments-and-clients §5 "Import results".
export const IMPORT_TEXTS = {
  instinctTie: 'The instinct scores must be different from each other; there cannot be a tie.',
} as const;
/** spec §5 "Import results": free text maximum 250. */
export const FREE_TEXT_MAX = 250;

/** The Success alert after an import, naming the client the BFF answered (spec §2.4 alert titles). */
export const importedMessage = ({ name, surname }: ImportedResults): ActionMessage => ({
  title: 'Success',
  body: <p>The results of {`${name} ${surname}`} have been imported.</p>,
});

interface ImportResultsFormProps {
  title: string;
  /** The client part of the form (`ClientFields`), showing the form's errors at its fields. */
  client: (shown: ClientFieldErrors) => ReactNode;
  /** A new client's details checked before anything is sent (`checkClient`): the problems by field. */
  checkClient?: () => Partial<Record<RequiredClientField, string>>;
  /** A problem of the client as a whole before anything is sent (no client to import to), or null. */
  clientError: string | null;
  pending: boolean;
  error: unknown;
  onSubmit: (results: ImportedResultsFields) => void;
  onClose: () => void;
}

/**
 * The dialog both Import Results actions show (spec assessments-and-clients §2.3, §3.6, §5 "Import results", §9): the
 * client, the ranking of the nine styles (trifix 125 to start with), the three instinct sliders (which must all
 * differ), the language (default english) and the project. The BFF's refusals show in the dialog.
 */
export function ImportResultsForm({ title, client, checkClient, clientError, pending, error, onSubmit, onClose }: ImportResultsFormProps) {
  const projects = useAssessmentProjects();
  const [ranking, setRanking] = useState<readonly number[]>(DEFAULT_RANKING);
  const [scores, setScores] = useState(LEVEL_SCORES);
  const [language, setLanguage] = useState<Language>('english');
  const [project, setProject] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { fields, shown, refusal } = useClientFormErrors(error);

  const submit = () => {
    // The client's details at their fields; a problem of the whole client or of the three scores together as an alert.
    const found = clientError ?? (isTie(scores) ? IMPORT_TEXTS.instinctTie : null);
    setProblem(found);
    const fine = fields.report(checkClient?.() ?? {});
    if (found || !fine) return;
    onSubmit({ enneaRanking: [...ranking], instinctScores: scores, language, ...(project ? { project } : {}) });
  };

  return (
    <FormDialog
      title={title}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={pending ? 'Importing...' : 'Import'}
      isPending={pending}
      error={refusal}
      className="add-assessment"
      formRef={fields.formRef}
    >
      <div className="stack add-assessment__fields">
        {client(shown)}
        <EnneagramRanking value={ranking} onChange={setRanking} />
        <InstinctSliders value={scores} onChange={setScores} />
        <NativeSelect
          label="Assessment language"
          options={Object.entries(LANGUAGE_NAMES).map(([id, label]) => ({ id, label }))}
          value={language}
          onChange={(value) => setLanguage(value as Language)}
        />
        <NativeSelect
          label="Project"
          options={[{ id: '', label: 'No project' }, ...(projects.data?.items ?? []).map((name) => ({ id: name, label: name }))]}
          value={project}
          onChange={setProject}
        />
      </div>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
    </FormDialog>
  );
}
