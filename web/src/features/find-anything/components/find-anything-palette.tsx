import ArrowLeft from 'lucide-react/icons/arrow-left';
import Search from 'lucide-react/icons/search';
import { type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { Button, Dialog, Header, ListBox, ListBoxSection, Modal, ModalOverlay, SelectableCollectionContext } from 'react-aria-components';
import { useLocation } from 'wouter';
import { SEARCH_MAX_LENGTH } from '../../../components/data-table/table-state.ts';
import { problemMessage } from '../../../lib/problem.ts';
import { type AssessmentRow, useSearchPortal } from '../api/search-portal.ts';
import {
  type AssessmentCommand,
  assessmentClient,
  assessmentType,
  fold,
  type PaletteCommand,
  type PaletteItem,
  type PaletteScreen,
  type PaletteSection,
  paletteSections,
  recordPath,
} from '../utils/palette-items.ts';
import './find-anything.css';
import { usePaletteAutocomplete } from './palette-autocomplete.tsx';
import { actionKey, PaletteOption } from './palette-option.tsx';

export interface FindAnythingPaletteProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The screens the role's drawer shows. */
  screens: readonly PaletteScreen[];
  /** What the shell can do at once. */
  commands: readonly PaletteCommand[];
  /** The assessments table's actions offered on one assessment (Tab on it, or its Actions chip). */
  assessmentCommands: readonly AssessmentCommand[];
  /** Starts one of them on the assessment, once the palette has closed. */
  onAssessmentCommand: (id: string, row: AssessmentRow) => void;
}

export const PALETTE_LABEL = 'Find anything';
export const FIELD_LABEL = 'Find clients, assessments, teams, pairs and screens';
const OPEN_KEY = 'open';

/**
 * The find-anything palette: one field that finds the coach's records (searchPortal, as the BFF ranks them) and the
 * portal's screens and actions the role may use, grouped by kind; Enter or a press opens the record. On an assessment,
 * Tab or its Actions chip lists its common actions, which open the assessments table's own dialogs. The field is
 * react-aria's Autocomplete (palette-autocomplete.tsx) over a react-aria-components ListBox (a section with its heading
 * per kind). A full-screen sheet on a phone.
 */
export function FindAnythingPalette({ isOpen, onOpenChange, ...props }: FindAnythingPaletteProps) {
  return (
    <ModalOverlay className="palette-overlay" isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      <Modal className="palette">
        <Dialog className="palette__dialog" aria-label={PALETTE_LABEL}>
          <PaletteBody {...props} close={() => onOpenChange(false)} />
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

type BodyProps = Omit<FindAnythingPaletteProps, 'isOpen' | 'onOpenChange'> & { close: () => void };

function PaletteBody({ screens, commands, assessmentCommands, onAssessmentCommand, close }: BodyProps) {
  const [, navigate] = useLocation();
  const [text, setText] = useState('');
  // The assessment whose actions are listed (Tab or its Actions chip), and the text that found it, given back on the
  // way out.
  const [actionsOf, setActionsOf] = useState<{ row: AssessmentRow; search: string } | null>(null);
  const search = useSearchPortal(actionsOf ? actionsOf.search : text);
  const sections = actionsOf
    ? actionSections(actionsOf.row, text, assessmentCommands)
    : paletteSections(text, search.results, screens, commands);
  const items = sections.flatMap((section) => section.items);
  const disabled = actionsOf ? disabledActions(actionsOf.row, assessmentCommands) : [];

  const open = (path: string | undefined) => {
    close();
    if (path) navigate(path);
  };

  const act = (key: string) => {
    if (actionsOf) {
      const { row } = actionsOf;
      if (key === OPEN_KEY) return open(recordPath({ key: `assessments:${row.id}`, kind: 'assessments', row }, ''));
      const command = assessmentCommands.find((one) => actionKey(one.id) === key);
      if (!command) return;
      close();
      onAssessmentCommand(command.id, row);
      return;
    }
    const item = items.find((one) => one.key === key);
    if (!item) return;
    if (item.kind === 'commands') {
      close();
      item.command.run();
      return;
    }
    open(recordPath(item, text));
  };

  const showActions = (row: AssessmentRow) => {
    for (const command of assessmentCommands) command.preload?.();
    setActionsOf({ row, search: text });
    setText('');
  };
  const leaveActions = () => {
    if (!actionsOf) return;
    setText(actionsOf.search);
    setActionsOf(null);
  };

  // The keys the palette keeps from the field's own handling (the Autocomplete's, which moves through the list and
  // sends Enter to the option under the keyboard).
  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!(event.target instanceof HTMLInputElement)) return;
    const handled = () => {
      event.preventDefault();
      event.stopPropagation();
    };
    switch (event.key) {
      case 'Tab': {
        if (event.shiftKey || actionsOf) return;
        const assessment = items.find((item) => item.key === focusedKey(event.currentTarget) && item.kind === 'assessments');
        if (assessment?.kind !== 'assessments') return;
        handled();
        return showActions(assessment.row);
      }
      case 'Backspace':
        if (!actionsOf || text !== '') return;
        handled();
        return leaveActions();
      case 'Escape':
        // Back out one step at a time: the actions, then the text; Esc on an empty field closes the palette.
        if (actionsOf) {
          handled();
          return leaveActions();
        }
        if (text !== '') {
          handled();
          setText('');
        }
        return;
    }
  };

  const status = actionsOf ? null : statusOf(text, search);
  // What is listed: the actions of one assessment, or the answer to one search (with the screens and actions).
  const listing = actionsOf ? `actions:${actionsOf.row.id}` : `results:${search.results?.q ?? ''}`;
  // No `filter`: the BFF's records are listed as it found and ranked them, the screens and actions as
  // `paletteSections` matched them.
  const autocomplete = usePaletteAutocomplete(text, setText);

  return (
    <SelectableCollectionContext.Provider value={autocomplete.collectionProps}>
      <div className="palette__field" onKeyDownCapture={onKeyDownCapture}>
        {actionsOf ? (
          <Button className="palette__back" aria-label="Back to the results" onPress={leaveActions}>
            <ArrowLeft className="icon" aria-hidden="true" strokeWidth={2} />
          </Button>
        ) : (
          <Search className="icon palette__field-icon" aria-hidden="true" strokeWidth={2} />
        )}
        {actionsOf ? (
          <span className="palette__scope">
            {assessmentClient(actionsOf.row)} · {assessmentType(actionsOf.row)}
          </span>
        ) : null}
        <input
          {...autocomplete.inputProps}
          className="palette__input"
          // The Autocomplete's field is a plain text box: named a combobox here, with the list it controls.
          role="combobox"
          aria-label={FIELD_LABEL}
          aria-expanded={items.length > 0}
          // biome-ignore lint/a11y/noAutofocus: the palette is opened to type in it.
          autoFocus
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={actionsOf ? 'Choose an action…' : 'Search clients, assessments, teams, pairs, screens…'}
        />
        <Button className="palette__cancel" onPress={close}>
          Cancel
        </Button>
      </div>
      <div className="palette__results" data-stale={search.isStale || undefined}>
        {status ? (
          <p className="palette__status" role={status.isError ? 'alert' : 'status'}>
            {status.text}
          </p>
        ) : null}
        {/* Kept while empty (hidden): the field stays tied to it, and its first option is put under the keyboard
            whenever the list changes. */}
        <FocusFirstOnChange listing={listing} />
        <ListBox
          className="palette__list"
          aria-label={actionsOf ? `Actions for ${assessmentClient(actionsOf.row)}` : 'Results'}
          hidden={items.length === 0}
          autoFocus="first"
          disabledKeys={disabled}
          onAction={(key) => act(String(key))}
        >
          {sections.map((section) => (
            <ListBoxSection key={section.id} id={section.id} className="palette__section">
              <Header className="palette__heading">{section.title}</Header>
              {section.items.map((item) => (
                <PaletteOption
                  key={item.key}
                  item={item}
                  search={text}
                  actionsOf={actionsOf?.row ?? null}
                  assessmentCommands={assessmentCommands}
                  onShowActions={showActions}
                />
              ))}
            </ListBoxSection>
          ))}
        </ListBox>
        {items.length > 0 || status ? null : <p className="palette__empty">{emptyText(text, actionsOf !== null)}</p>}
      </div>
      <PaletteFooter items={items} inActions={actionsOf !== null} focusedNodeId={autocomplete.focusedNodeId ?? ''} />
    </SelectableCollectionContext.Provider>
  );
}

/**
 * A new list (another answer arrived, an assessment's actions listed) starts on its first option, as typing forward
 * does: react-aria's own request for it (its focus event, with the 'first' strategy) sent to the list before the list
 * applies the change, since this comes before it in the tree and layout effects run in tree order.
 */
function FocusFirstOnChange({ listing }: { listing: string }) {
  const anchor = useRef<HTMLSpanElement>(null);
  const shown = useRef(listing);
  useLayoutEffect(() => {
    if (shown.current === listing) return;
    shown.current = listing;
    const list = anchor.current?.parentElement?.querySelector('[role="listbox"]');
    list?.dispatchEvent(new CustomEvent(FOCUS_FIRST_EVENT, { cancelable: true, bubbles: true, detail: { focusStrategy: 'first' } }));
  }, [listing]);
  return <span ref={anchor} hidden />;
}
/** react-aria's event that moves an Autocomplete's virtual focus into its collection (what typing forward sends). */
const FOCUS_FIRST_EVENT = 'react-aria-focus';

/** The key of the option under the keyboard (the Autocomplete's virtual focus), at once, as the list shows it. */
function focusedKey(within: HTMLElement): string | undefined {
  return within.ownerDocument.querySelector<HTMLElement>('.palette__option[data-focused]')?.dataset.key;
}

/** The keys' line (not on a phone), and for a screen reader the way to an assessment's actions. */
function PaletteFooter({ items, inActions, focusedNodeId }: { items: readonly PaletteItem[]; inActions: boolean; focusedNodeId: string }) {
  // The option the field points at (aria-activedescendant): its id ends with its key.
  const onAssessment = !inActions && items.some((item) => item.kind === 'assessments' && focusedNodeId.endsWith(`-option-${item.key}`));
  const listsAssessments = !inActions && items.some((item) => item.kind === 'assessments');
  return (
    <>
      <footer className="palette__footer" aria-hidden="true">
        <span>
          <kbd>↑</kbd>
          <kbd>↓</kbd> to move
        </span>
        <span>
          <kbd>↵</kbd> to open
        </span>
        {listsAssessments ? (
          <span>
            <kbd>Tab</kbd> or <span className="palette__footer-chip">Actions</span> on an assessment
          </span>
        ) : null}
        {inActions ? (
          <span>
            <kbd>Esc</kbd> back to the results
          </span>
        ) : (
          <span>
            <kbd>Esc</kbd> to close
          </span>
        )}
      </footer>
      <p className="visually-hidden" aria-live="polite">
        {onAssessment ? 'Press Tab for the actions of this assessment.' : ''}
      </p>
    </>
  );
}

function statusOf(text: string, search: ReturnType<typeof useSearchPortal>): { text: string; isError: boolean } | null {
  if (text.trim() === '') return null;
  if (search.error) return { text: problemMessage(search.error), isError: true };
  if (search.isSearching && !search.results) return { text: 'Searching…', isError: false };
  return null;
}

const emptyText = (text: string, inActions: boolean) =>
  inActions ? `No action matches “${text.trim()}”.` : `Nothing matches “${text.trim()}”.`;

/** The assessment's actions, as a section of its own: open it in the table first, then the table's actions. */
function actionSections(row: AssessmentRow, text: string, commands: readonly AssessmentCommand[]): PaletteSection[] {
  const needle = fold(text.trim());
  const entries: PaletteItem[] = [
    { key: OPEN_KEY, kind: 'commands', command: { id: OPEN_KEY, label: 'Open in Assessments', run: () => undefined } },
    ...commands.map(
      (command): PaletteItem => ({ key: actionKey(command.id), kind: 'commands', command: { ...command, run: () => undefined } }),
    ),
  ];
  const items = entries.filter((item) => item.kind === 'commands' && fold(item.command.label).includes(needle));
  return items.length > 0 ? [{ id: 'actions', title: `${assessmentClient(row)} · ${assessmentType(row)}`, items }] : [];
}

const disabledActions = (row: AssessmentRow, commands: readonly AssessmentCommand[]): string[] =>
  commands.filter((command) => command.refusal?.(row)).map((command) => actionKey(command.id));
