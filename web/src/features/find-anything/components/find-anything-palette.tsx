import type { LucideIcon } from 'lucide-react';
import ArrowRight from 'lucide-react/icons/arrow-right';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import Compass from 'lucide-react/icons/compass';
import CornerDownLeft from 'lucide-react/icons/corner-down-left';
import HeartHandshake from 'lucide-react/icons/heart-handshake';
import Search from 'lucide-react/icons/search';
import User from 'lucide-react/icons/user';
import Users from 'lucide-react/icons/users';
import Zap from 'lucide-react/icons/zap';
import { Fragment, type KeyboardEvent, useEffect, useId, useState } from 'react';
import { Button, Dialog, Modal, ModalOverlay } from 'react-aria-components';
import { useLocation } from 'wouter';
import { SEARCH_MAX_LENGTH, tableDate } from '../../../components/data-table/table-state.ts';
import { PAIR_TYPE_LABELS } from '../../../lib/labels/pairs.ts';
import { problemMessage } from '../../../lib/problem.ts';
import { type AssessmentRow, useSearchPortal } from '../api/search-portal.ts';
import {
  type AssessmentCommand,
  assessmentClient,
  assessmentType,
  fold,
  fullName,
  highlightParts,
  KIND_TITLES,
  type PaletteCommand,
  type PaletteItem,
  type PaletteScreen,
  type PaletteSection,
  pairName,
  paletteSections,
  recordPath,
} from '../utils/palette-items.ts';
import './find-anything.css';

export interface FindAnythingPaletteProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The screens the role's drawer shows. */
  screens: readonly PaletteScreen[];
  /** What the shell can do at once. */
  commands: readonly PaletteCommand[];
  /** The assessments table's actions offered on one assessment (Tab on it). */
  assessmentCommands: readonly AssessmentCommand[];
  /** Starts one of them on the assessment, once the palette has closed. */
  onAssessmentCommand: (id: string, row: AssessmentRow) => void;
}

export const PALETTE_LABEL = 'Find anything';
export const FIELD_LABEL = 'Find clients, assessments, teams, pairs and screens';
const OPEN_KEY = 'open';
const actionKey = (id: string) => `action:${id}`;

/**
 * The find-anything palette: one field that finds the coach's records (searchPortal, as the BFF ranks them) and the
 * portal's screens and actions the role may use, grouped by kind; Enter opens the record. On an assessment, Tab
 * lists its common actions, which open the assessments table's own dialogs. A full-screen sheet on a phone.
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
  // The assessment whose actions are listed (Tab on it), and the text that found it, given back on the way out.
  const [actionsOf, setActionsOf] = useState<{ row: AssessmentRow; search: string } | null>(null);
  const search = useSearchPortal(actionsOf ? actionsOf.search : text);
  const sections = actionsOf
    ? actionSections(actionsOf.row, text, assessmentCommands)
    : paletteSections(text, search.results, screens, commands);
  const items = sections.flatMap((section) => section.items);
  const disabled = new Set(actionsOf ? disabledActions(actionsOf.row, assessmentCommands) : []);
  const keys = items.map((item) => item.key).filter((key) => !disabled.has(key));

  // The option under the keyboard: the first whenever the list changes (a key typed, an answer arrived), else the
  // one the arrows or the pointer chose.
  const listing = keys.join('\n');
  const [chosen, setChosen] = useState({ listing, key: '' });
  const activeKey = chosen.listing === listing && keys.includes(chosen.key) ? chosen.key : keys[0];
  const choose = (key: string | undefined) => setChosen({ listing, key: key ?? '' });
  const active = items.find((item) => item.key === activeKey);
  const activeAssessment = !actionsOf && active?.kind === 'assessments' ? active.row : null;

  const id = useId();
  const optionId = (key: string) => `${id}-${key}`;
  useEffect(() => {
    if (activeKey) document.getElementById(`${id}-${activeKey}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeKey, id]);

  const open = (path: string | undefined) => {
    close();
    if (path) navigate(path);
  };

  const act = (key: string | undefined) => {
    if (key === undefined || disabled.has(key)) return;
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

  const move = (by: number) => {
    if (keys.length === 0) return;
    const at = activeKey ? keys.indexOf(activeKey) : -1;
    choose(keys[(at + by + keys.length) % keys.length]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const handled = () => {
      event.preventDefault();
      event.stopPropagation();
    };
    switch (event.key) {
      case 'ArrowDown':
        handled();
        return move(1);
      case 'ArrowUp':
        handled();
        return move(-1);
      case 'Enter':
        handled();
        return act(activeKey);
      case 'Tab':
        if (event.shiftKey || !activeAssessment) return;
        handled();
        return showActions(activeAssessment);
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
  const listLabel = actionsOf ? `Actions for ${assessmentClient(actionsOf.row)}` : 'Results';

  return (
    <>
      <div className="palette__field">
        <Search className="icon palette__field-icon" aria-hidden="true" strokeWidth={2} />
        {actionsOf ? (
          <span className="palette__scope">
            {assessmentClient(actionsOf.row)} · {assessmentType(actionsOf.row)}
          </span>
        ) : null}
        <input
          className="palette__input"
          role="combobox"
          aria-label={FIELD_LABEL}
          aria-autocomplete="list"
          aria-expanded={items.length > 0}
          aria-controls={items.length > 0 ? `${id}-list` : undefined}
          aria-activedescendant={activeKey ? optionId(activeKey) : undefined}
          // biome-ignore lint/a11y/noAutofocus: the palette is opened to type in it.
          autoFocus
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={actionsOf ? 'Choose an action…' : 'Search clients, assessments, teams, pairs, screens…'}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
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
        {items.length > 0 ? (
          <div className="palette__list" role="listbox" id={`${id}-list`} aria-label={listLabel}>
            {sections.map((section) => (
              // biome-ignore lint/a11y/useSemanticElements: a group of a listbox's options (a fieldset groups a form's fields).
              <div key={section.id} className="palette__section" role="group" aria-labelledby={`${id}-${section.id}-heading`}>
                <div className="palette__heading" role="presentation" id={`${id}-${section.id}-heading`}>
                  {section.title}
                </div>
                {section.items.map((item) => (
                  <PaletteOption
                    key={item.key}
                    id={optionId(item.key)}
                    item={item}
                    search={text}
                    isActive={item.key === activeKey}
                    isDisabled={disabled.has(item.key)}
                    onPoint={() => choose(item.key)}
                    onPick={() => act(item.key)}
                    actionsOf={actionsOf?.row ?? null}
                    assessmentCommands={assessmentCommands}
                  />
                ))}
              </div>
            ))}
          </div>
        ) : status ? null : (
          <p className="palette__empty">{emptyText(text, actionsOf !== null)}</p>
        )}
      </div>
      <footer className="palette__footer" aria-hidden="true">
        <span>
          <kbd>↑</kbd>
          <kbd>↓</kbd> to move
        </span>
        <span>
          <kbd>↵</kbd> to open
        </span>
        {activeAssessment ? (
          <span>
            <kbd>Tab</kbd> for its actions
          </span>
        ) : null}
        {actionsOf ? (
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
        {activeAssessment ? 'Press Tab for the actions of this assessment.' : ''}
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

const ICONS: Record<PaletteItem['kind'], LucideIcon> = {
  clients: User,
  assessments: ClipboardList,
  teams: Users,
  pairs: HeartHandshake,
  more: ArrowRight,
  screens: Compass,
  commands: Zap,
};

interface OptionProps {
  id: string;
  item: PaletteItem;
  search: string;
  isActive: boolean;
  isDisabled: boolean;
  onPoint: () => void;
  onPick: () => void;
  actionsOf: AssessmentRow | null;
  assessmentCommands: readonly AssessmentCommand[];
}

/** One option: the field keeps the keyboard (aria-activedescendant); the pointer chooses an option and clicks it. */
function PaletteOption({ id, item, search, isActive, isDisabled, onPoint, onPick, actionsOf, assessmentCommands }: OptionProps) {
  const { label, description } = describe(item, search, actionsOf, assessmentCommands);
  const Icon = ICONS[item.kind];
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the field's (Enter acts on the active option).
    <div
      id={id}
      role="option"
      tabIndex={-1}
      aria-selected={isActive}
      aria-disabled={isDisabled || undefined}
      className="palette__option"
      data-focused={isActive || undefined}
      data-disabled={isDisabled || undefined}
      onPointerMove={isActive ? undefined : onPoint}
      // The field keeps the focus when an option is pressed.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onPick}
    >
      <span className="palette__icon" data-kind={item.kind}>
        <Icon className="icon" aria-hidden="true" strokeWidth={1.75} />
      </span>
      <span className="palette__text">
        <span className="palette__label">
          <Highlighted text={label} search={search} />
        </span>
        {description ? (
          <span className="palette__description">
            {/* The option's name is its text: a pause between its two lines. */}
            <span className="visually-hidden">, </span>
            <Highlighted text={description} search={search} />
          </span>
        ) : null}
      </span>
      {isActive ? (
        <span className="palette__hint" aria-hidden="true">
          {item.kind === 'assessments' && !actionsOf ? <kbd>Tab</kbd> : null}
          <CornerDownLeft className="icon" strokeWidth={1.75} />
        </span>
      ) : null}
    </div>
  );
}

function Highlighted({ text, search }: { text: string; search: string }) {
  return (
    <>
      {highlightParts(text, search).map((part, index) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order; they have no identity.
        part.match ? <mark key={index}>{part.text}</mark> : <Fragment key={index}>{part.text}</Fragment>,
      )}
    </>
  );
}

const joined = (...parts: (string | undefined)[]) => parts.filter((part) => part?.trim()).join(' · ');

function assessmentState(row: AssessmentRow): string {
  if (row.completedAt) return `Completed ${tableDate(row.completedAt)}`;
  if (row.registeredAt) return 'In progress';
  return { notInvited: 'Not invited', invited: 'Invited', reminded: 'Reminded' }[row.inviteState];
}

/** What an option says: its name, and the fields the coach may have searched by. */
function describe(
  item: PaletteItem,
  search: string,
  actionsOf: AssessmentRow | null,
  assessmentCommands: readonly AssessmentCommand[],
): { label: string; description?: string } {
  switch (item.kind) {
    case 'clients':
      return { label: fullName(item.row), description: joined(item.row.email, item.row.company) };
    case 'assessments':
      return {
        label: `${assessmentClient(item.row)} · ${assessmentType(item.row)}`,
        description: joined(item.row.clientEmail, item.row.company, item.row.project, assessmentState(item.row)),
      };
    case 'teams':
      return {
        label: item.row.name,
        description: joined(item.row.project, `${item.row.memberCount} ${item.row.memberCount === 1 ? 'member' : 'members'}`),
      };
    case 'pairs':
      return {
        label: pairName(item.row),
        description: joined(PAIR_TYPE_LABELS[item.row.coupleType], item.row.company, item.row.project),
      };
    case 'more':
      return { label: `All ${KIND_TITLES[item.of].toLowerCase()} matching “${search.trim()}”` };
    case 'screens':
      return { label: item.screen.label };
    case 'commands': {
      const refusal = actionsOf ? assessmentCommands.find((one) => actionKey(one.id) === item.key)?.refusal?.(actionsOf) : undefined;
      return { label: item.command.label, description: refusal };
    }
  }
}
