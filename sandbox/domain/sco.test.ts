import { describe, expect, it } from 'vitest';
import { RECEIVED_SELECTION_REFUSED } from './pipeline.ts';
import { asReceived, assignMessage, decideAssign, decideRevoke, SCO_ONLY_GIVER_REVOKES, SCO_TO_SELF, SCO_UNKNOWN_COACH } from './sco.ts';

const giver = '11111111-1111-4111-8111-111111111111';
const thandi = { uuid: '22222222-2222-4222-8222-222222222222', name: 'Thandi', surname: 'Mokoena' };
const own = (uuid: string, givenTo: (typeof thandi)[] = []) => ({ uuid, coachUUID: giver, fromAnotherCoach: 0, scoGivenTo: givenTo });

describe('decideAssign (spec assessments-and-clients §4.7, §8)', () => {
  it('gives the selection to a registered coach, counting the new ones', () => {
    expect(decideAssign(giver, 'thandi@example.test', thandi, [own('a'), own('b', [thandi])])).toEqual({
      ok: true,
      newlyGiven: ['a'],
      alreadyGiven: ['b'],
    });
  });

  it('refuses an unknown address with the spec message', () => {
    expect(decideAssign(giver, 'nobody@example.test', null, [own('a')])).toEqual({ ok: false, info: SCO_UNKNOWN_COACH });
    expect(SCO_UNKNOWN_COACH).toBe("That email address is not associated with a coach registered on the provider's system");
  });

  it('refuses an invalid or too long address', () => {
    expect(decideAssign(giver, 'nope', thandi, [own('a')])).toEqual({ ok: false, info: 'Please enter a valid email address.' });
  });

  it('refuses giving to oneself and re-assigning received records', () => {
    expect(decideAssign(giver, 'me@example.test', { ...thandi, uuid: giver }, [own('a')])).toEqual({ ok: false, info: SCO_TO_SELF });
    expect(decideAssign(giver, 'thandi@example.test', thandi, [{ ...own('a'), fromAnotherCoach: 1 }])).toEqual({
      ok: false,
      info: RECEIVED_SELECTION_REFUSED,
    });
  });

  it('words the result', () => {
    expect(assignMessage(thandi, 2, 0)).toBe('2 record(s) given to Thandi Mokoena.');
    expect(assignMessage(thandi, 1, 1)).toBe('1 record(s) given to Thandi Mokoena. 1 had been given to them before.');
  });
});

describe('decideRevoke', () => {
  it('lets only the giving coach revoke', () => {
    const record = { coachUUID: giver, scoGivenTo: [thandi] };
    expect(decideRevoke(giver, record, thandi.uuid)).toEqual({ ok: true });
    expect(decideRevoke(thandi.uuid, record, thandi.uuid)).toEqual({ ok: false, info: SCO_ONLY_GIVER_REVOKES });
    expect(decideRevoke(giver, { coachUUID: giver, scoGivenTo: [] }, thandi.uuid)).toEqual({
      ok: false,
      info: 'This record was not given to that coach.',
    });
  });
});

describe('asReceived', () => {
  it('flags the record and names the giver', () => {
    const record = {
      fromAnotherCoach: 0,
      scoReceivedFrom: null,
      scoGivenTo: [thandi],
      coachName: 'Amara',
      coachSurname: 'Botha',
      coachUUID: giver,
    };
    expect(asReceived(record)).toEqual({
      ...record,
      fromAnotherCoach: 1,
      scoGivenTo: [],
      scoReceivedFrom: { uuid: giver, name: 'Amara', surname: 'Botha' },
    });
  });
});
