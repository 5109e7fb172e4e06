import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { PAIR_PRINTING_GUIDELINES_URL } from '../../../config/build.ts';
import { PAIRS_TEXT } from '../../../lib/labels/pairs.ts';
import type { PairActionProps } from './action-props.ts';

/**
 * How to print a pair report so that it looks as on screen. The spec names the guidelines (§3.10) and what a pair
 * report is (HTML and PDF, 'Not available yet' until supplied, up to two working days: §3.10, §4.10), not their text,
 * so these are the portal's own, written from those facts; the provider's page, when the build names one, follows.
 */
export const PRINTING_GUIDELINES = [
  'Print the PDF (the PDF button in the Report column): its pages are laid out for paper. The HTML report prints as the browser shows it.',
  'Print at actual size (100%), not “Fit to page”, on A4 or Letter.',
  'Print in colour: the report is designed in colour.',
  'When you print the HTML report, switch on “Background graphics” in the print dialog, so that its shaded areas print.',
  `A pair shown as “${PAIRS_TEXT.notAvailableYet}” has no report to print yet. ${PAIRS_TEXT.turnaround}`,
] as const;

/**
 * Report Printing Guidelines (spec assessments-and-clients §3.10, a table action of the pairs page, nothing selected):
 * the guidelines, then the provider's page the build names (PORTAL_PAIR_PRINTING_GUIDELINES_URL), or where to ask.
 */
export default function PrintingGuidelinesAction({ session, finish }: PairActionProps) {
  const { supportEmail } = session;
  const onClose = () => finish();
  return (
    <Dialog title={PAIRS_TEXT.printingGuidelines} isOpen onOpenChange={(open) => (open ? undefined : onClose())}>
      <div className="stack">
        <ol className="printing-guidelines">
          {PRINTING_GUIDELINES.map((guideline) => (
            <li key={guideline}>{guideline}</li>
          ))}
        </ol>
        {PAIR_PRINTING_GUIDELINES_URL ? (
          <p>
            The provider’s guidelines:{' '}
            <a className="link" href={PAIR_PRINTING_GUIDELINES_URL} target="_blank" rel="noopener">
              open the Report Printing Guidelines<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
            .
          </p>
        ) : (
          <p>
            Questions about printing: Leave A Message, or write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
          </p>
        )}
        <div className="dialog__actions">
          <Button autoFocus onPress={onClose}>
            OK
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
