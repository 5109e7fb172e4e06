import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { PAIR_PRINTING_GUIDELINES_URL } from '../../../config/build.ts';
import { PAIRS_TEXT } from '../../../lib/labels/pairs.ts';
import type { PairActionProps } from './action-props.ts';

/**
 * Report Printing Guidelines (spec assessments-and-clients §3.10, a table action of the pairs page): the spec names
 * them but not their content, so they are the provider's page the build names (PORTAL_PAIR_PRINTING_GUIDELINES_URL);
 * without one, where to ask for them.
 */
export default function PrintingGuidelinesAction({ session, finish }: PairActionProps) {
  const { supportEmail } = session;
  const onClose = () => finish();
  return (
    <Dialog title={PAIRS_TEXT.printingGuidelines} isOpen onOpenChange={(open) => (open ? undefined : onClose())}>
      <div className="stack">
        {PAIR_PRINTING_GUIDELINES_URL ? (
          <p>
            How to print pair reports so that they look as intended:{' '}
            <a className="link" href={PAIR_PRINTING_GUIDELINES_URL} target="_blank" rel="noopener">
              open the Report Printing Guidelines<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
            .
          </p>
        ) : (
          <p>
            Ask for the Report Printing Guidelines with Leave A Message, or at <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
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
