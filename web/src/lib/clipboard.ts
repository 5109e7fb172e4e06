/** spec coach-shell §8 "Clipboard copy": the toast after a copy. */
export const COPIED_TO_CLIPBOARD = 'Copied to clipboard';

/** Copies `text`; false when the browser has no clipboard or refuses (no permission, not a secure page). */
export async function copyToClipboard(text: string): Promise<boolean> {
  return (
    (await navigator.clipboard
      ?.writeText(text)
      .then(() => true)
      .catch(() => false)) ?? false
  );
}
