import { KEYBOARD_SHORTCUTS } from '../../lib/labels/keyboard-shortcuts.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';

/** The keyboard shortcuts, opened by `?` on a table screen: each key, then what it does. Close or Esc closes it. */
export default function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Keyboard shortcuts" isOpen onOpenChange={(open) => (open ? undefined : onClose())}>
      <dl className="shortcuts">
        {KEYBOARD_SHORTCUTS.map((shortcut) => (
          <div key={shortcut.action} className="shortcuts__item">
            <dt>
              {shortcut.keys.map((key, index) => (
                <span key={key}>
                  {index > 0 ? ' or ' : null}
                  <kbd className="shortcuts__key">{key}</kbd>
                </span>
              ))}
            </dt>
            <dd>{shortcut.action}</dd>
          </div>
        ))}
      </dl>
      <div className="dialog__actions">
        <Button autoFocus onPress={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
