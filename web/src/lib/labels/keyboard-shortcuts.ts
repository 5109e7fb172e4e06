// The portal's keyboard shortcuts, written once: the tables' shortcuts dialog (`?`) and the Help screen list them.

export interface KeyboardShortcut {
  /** The keys as the keyboard names them; several are alternatives ('Ctrl+K', '⌘K'). */
  keys: readonly string[];
  /** What they do, as a sentence's end: 'Find anything: …'. */
  action: string;
}

export const KEYBOARD_SHORTCUTS: readonly KeyboardShortcut[] = [
  { keys: ['Ctrl+K', '⌘K'], action: 'Find anything: a client, an assessment, a team or a screen, from the top bar.' },
  { keys: ['/'], action: 'Search the table on the screen.' },
  { keys: ['↓'], action: 'From the search box, go to the first row of the table.' },
  { keys: ['↑', '↓'], action: 'Move between the rows of a table; ← and → move between its columns.' },
  { keys: ['Space'], action: 'Select the row, or clear its selection, on a table with checkboxes.' },
  { keys: ['Enter'], action: 'Open the row: the client’s page from an assessment or a client, the team’s page from a team.' },
  { keys: ['?'], action: 'Show these shortcuts.' },
  { keys: ['Esc'], action: 'Close a dialog or a menu; in the search box, clear the search.' },
];

/** A shortcut in one line of text ('/: Search the table on the screen.'), as the Help screen lists it. */
export const shortcutText = (shortcut: KeyboardShortcut): string => `${shortcut.keys.join(' or ')}: ${shortcut.action}`;
