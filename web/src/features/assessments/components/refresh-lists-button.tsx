import { Button } from '../../../components/ui/button.tsx';
import { problemMessage } from '../../../lib/problem.ts';
import type { AssessmentView } from '../api/list-assessments.ts';
import { useRefreshLists } from '../api/refresh-lists.ts';

/** Reads the coach's lists from the legacy API again (changes made elsewhere, e.g. by a client, show at once). */
export function RefreshListsButton({ view, onError }: { view: AssessmentView; onError: (message: string) => void }) {
  const refresh = useRefreshLists(view);
  return (
    <Button
      variant="quiet"
      isPending={refresh.isPending}
      onPress={() => refresh.mutate(undefined, { onError: (failure) => onError(problemMessage(failure)) })}
    >
      {refresh.isPending ? 'Refreshing…' : 'Refresh'}
    </Button>
  );
}
