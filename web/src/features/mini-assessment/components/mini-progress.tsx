import type { MiniGuideTexts } from '../hooks/mini-guide-texts.ts';
import { STEP_COUNT } from '../hooks/mini-steps.ts';

/** How far the guest has come through the STEP_COUNT steps: a segment a step, those done and the current one filled. */
export function MiniProgress({ step, texts }: { step: number; texts: MiniGuideTexts }) {
  return (
    <div
      className="mini-progress"
      role="progressbar"
      aria-label={texts.progress}
      aria-valuemin={1}
      aria-valuemax={STEP_COUNT}
      aria-valuenow={step}
      aria-valuetext={texts.stepOf(step, STEP_COUNT)}
    >
      {Array.from({ length: STEP_COUNT }, (_, index) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: the segments are fixed, one a step
          key={index}
          className={index < step ? 'mini-progress__segment mini-progress__segment--done' : 'mini-progress__segment'}
        />
      ))}
    </div>
  );
}
