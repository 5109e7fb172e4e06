// Which of the catalogue's shots a run takes: SCREENSHOT_ONLY's screens, SCREENSHOT_STATES' states.
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './catalogue.ts';
import { selectShots } from './gallery.ts';

const ids = (shots: readonly { screen: string; state: string }[]) => shots.map((shot) => `${shot.screen}/${shot.state}`);

describe('selectShots', () => {
  it('takes every shot without a filter', () => {
    expect(selectShots()).toHaveLength(CATALOGUE.length);
  });

  it('takes the states that hold a filter’s text, of every screen or of the screens named', () => {
    const fieldErrors = ids(selectShots(undefined, ['field-errors']));
    expect(fieldErrors).toEqual(
      expect.arrayContaining([
        'assessments/dialog-add-assessment-for-new-client-field-errors',
        'assessments/dialog-add-pairs-field-errors',
        'assessments/dialog-send-reports-field-errors',
        'assessments/dialog-download-reports-field-errors',
        'profile/dialog-add-assistant-field-errors',
        'teams/dialog-add-team-field-errors',
        'frame/dialog-leave-a-message-field-errors',
        'register/field-errors',
        'mini-assessment/field-errors',
      ]),
    );
    expect(fieldErrors.every((id) => id.includes('field-errors'))).toBe(true);
    expect(ids(selectShots(['teams'], ['field-errors']))).toEqual(['teams/dialog-add-team-field-errors']);
  });

  it('refuses an unknown screen and a state filter that leaves nothing, naming what there is', () => {
    expect(() => selectShots(['no-such-screen'])).toThrow(/no such screen in the gallery: no-such-screen \(known: .*teams/);
    expect(() => selectShots(['teams'], ['no-such-state'])).toThrow(/no state holds no-such-state \(there are: .*loaded/);
  });
});
