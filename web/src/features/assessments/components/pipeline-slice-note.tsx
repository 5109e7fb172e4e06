import { Button } from '../../../components/ui/button.tsx';
import { sliceDescription } from '../../../lib/labels/pipeline.ts';
import './pipeline-slice-note.css';

/**
 * Above the table opened from a number of the dashboard's pipeline panel: which rows it shows (the number's slice),
 * and "Show all assessments" to leave it. Nothing when the table is not narrowed to a slice.
 */
export function PipelineSliceNote({ scope, onClear }: { scope: Readonly<Record<string, string>> | undefined; onClear: () => void }) {
  const description = scope ? sliceDescription(scope) : null;
  if (!description) return null;
  return (
    <div className="selection-outside pipeline-slice-note">
      <p className="selection-outside__text">
        <span className="pipeline-slice-note__label">Pipeline:</span> {description}
      </p>
      <Button variant="quiet" onPress={onClear}>
        Show all assessments
      </Button>
    </div>
  );
}
