import type { ActionMessage } from '../../../../components/data-table/table-actions.ts';

/** The Success alert after an assessment was added (spec assessments-and-clients §2.4 alert titles). */
export const addedMessage = (name: string, surname: string): ActionMessage => ({
  title: 'Success',
  body: <p>An assessment has been added for {`${name} ${surname}`}.</p>,
});
