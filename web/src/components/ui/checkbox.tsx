import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps, composeRenderProps } from 'react-aria-components';

/** A checkbox drawn by the portal (box, tick, dash when indeterminate); label from children or aria-label. */
export function Checkbox({ className, children, ...props }: AriaCheckboxProps) {
  return (
    <AriaCheckbox {...props} className={composeRenderProps(className, (extra) => ['checkbox', extra].filter(Boolean).join(' '))}>
      {composeRenderProps(children, (content, { isSelected, isIndeterminate }) => (
        <>
          <span className="checkbox__box" aria-hidden="true">
            {isIndeterminate ? '–' : isSelected ? '✓' : ''}
          </span>
          {content}
        </>
      ))}
    </AriaCheckbox>
  );
}
