import { useMutation } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { filenameFromDisposition, saveFile } from './save-file.ts';
import { downloadStartedAtom } from './session/session.ts';

/** What the typed client answers for a GET with `parseAs: 'blob'`. */
export interface FileAnswer {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/**
 * A file download saved by the browser (a spreadsheet, a report): the name from the BFF's Content-Disposition,
 * else `fallbackName`; a download gives the session 30 minutes. The error is the BFF's problem. `mutate(what)` hands
 * `what` to `fetchFile` (a table's export: the format and the columns).
 */
export function useDownload<V = void>(fetchFile: (what: V) => Promise<FileAnswer>, fallbackName: string | ((what: V) => string)) {
  const downloadStarted = useSetAtom(downloadStartedAtom);
  return useMutation({
    mutationFn: async (what: V) => {
      const { data, error, response } = await fetchFile(what);
      if (error !== undefined) throw error;
      const fallback = typeof fallbackName === 'string' ? fallbackName : fallbackName(what);
      return { blob: data as Blob, filename: filenameFromDisposition(response.headers.get('Content-Disposition'), fallback) };
    },
    onSuccess: ({ blob, filename }) => {
      downloadStarted();
      saveFile(blob, filename);
    },
  });
}
