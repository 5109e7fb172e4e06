// One option of the find-anything palette: its icon, its highlighted title, what it is in a few words, and the
// Actions chip of an assessment.
import type { LucideIcon } from 'lucide-react';
import ArrowRight from 'lucide-react/icons/arrow-right';
import ChevronRight from 'lucide-react/icons/chevron-right';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import Compass from 'lucide-react/icons/compass';
import CornerDownLeft from 'lucide-react/icons/corner-down-left';
import HeartHandshake from 'lucide-react/icons/heart-handshake';
import User from 'lucide-react/icons/user';
import Users from 'lucide-react/icons/users';
import Zap from 'lucide-react/icons/zap';
import { Fragment, type SyntheticEvent } from 'react';
import { ListBoxItem } from 'react-aria-components';
import { tableDate } from '../../../components/data-table/table-state.ts';
import { PAIR_TYPE_LABELS } from '../../../lib/labels/pairs.ts';
import type { AssessmentRow } from '../api/search-portal.ts';
import {
  type AssessmentCommand,
  assessmentClient,
  assessmentType,
  fullName,
  highlightParts,
  KIND_TITLES,
  type PaletteItem,
  pairName,
} from '../utils/palette-items.ts';

export const actionKey = (id: string) => `action:${id}`;

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
  item: PaletteItem;
  search: string;
  actionsOf: AssessmentRow | null;
  assessmentCommands: readonly AssessmentCommand[];
  onShowActions: (row: AssessmentRow) => void;
}

/** One option: the field keeps the keyboard (the Autocomplete's virtual focus); a press opens it. */
export function PaletteOption({ item, search, actionsOf, assessmentCommands, onShowActions }: OptionProps) {
  const { label, description } = describe(item, search, actionsOf, assessmentCommands);
  const Icon = (item.kind === 'screens' ? item.screen.icon : undefined) ?? ICONS[item.kind];
  return (
    <ListBoxItem id={item.key} data-key={item.key} textValue={description ? `${label}, ${description}` : label} className="palette__option">
      {({ isFocused }) => (
        <>
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
          {item.kind === 'assessments' ? <ActionsChip onPress={() => onShowActions(item.row)} /> : null}
          {isFocused ? (
            <span className="palette__hint" aria-hidden="true">
              {item.kind === 'assessments' ? <kbd>Tab</kbd> : null}
              <CornerDownLeft className="icon" strokeWidth={1.75} />
            </span>
          ) : null}
        </>
      )}
    </ListBoxItem>
  );
}

/**
 * The pointer's and the finger's way to an assessment's actions (the keyboard's is Tab, which the live region
 * announces): part of the option's picture, not a control of its own, since an option holds no interactive element.
 * Its press never reaches the option (which would open the assessment), and the field keeps the focus.
 */
function ActionsChip({ onPress }: { onPress: () => void }) {
  const stop = (event: SyntheticEvent) => {
    event.preventDefault();
    event.stopPropagation();
  };
  return (
    <span
      className="palette__actions"
      aria-hidden="true"
      onPointerDown={stop}
      onMouseDown={stop}
      onPointerUp={stop}
      onMouseUp={stop}
      onClick={(event) => {
        stop(event);
        onPress();
      }}
    >
      Actions
      <ChevronRight className="icon" strokeWidth={2} />
    </span>
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
