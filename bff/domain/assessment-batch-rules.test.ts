import { describe, expect, it } from 'vitest';
import { BatchItemError } from '../batch/batch-errors.ts';
import { runBatch } from '../batch/run-batch.ts';
import {
  alreadyRegistered,
  clientName,
  NOTHING_TO_SEND,
  planInvites,
  planWrap,
  RECEIVED_SELECTION,
  refuseReceived,
  type SelectedAssessment,
  teamReportLocked,
  wrapFailed,
} from './assessment-batch-rules.ts';
import { sendFailed } from './emails.ts';

const assessment = (id: string, overrides: Partial<SelectedAssessment> = {}): SelectedAssessment => ({
  id,
  name: `Client ${id}`,
  completed: false,
  receivedFromAnotherCoach: false,
  ...overrides,
});

describe('invites', () => {
  it('skips completed assessments and counts them', () => {
    const selection = [assessment('1'), assessment('2', { completed: true }), assessment('3')];
    expect(planInvites(selection)).toEqual({ toSend: [selection[0], selection[2]], skippedCompleted: 1 });
  });

  it('refuses when nothing remains, with the spec’s message', () => {
    expect(() => planInvites([assessment('1', { completed: true })])).toThrow(
      expect.objectContaining({ statusCode: 400, code: 'nothing_to_send', detail: NOTHING_TO_SEND }),
    );
    expect(NOTHING_TO_SEND).toBe("There's nothing to be done - there are no invites to be sent.");
  });

  it('reports a failed send as "{name} send failed with {error}"', async () => {
    const result = await runBatch(
      [{ id: '1', name: clientName('Thandi ', ' Mokoena') }],
      async () => {
        throw new BatchItemError('send_failed', 'Mailbox unavailable');
      },
      { failureMessage: sendFailed },
    );
    expect(result.failed).toEqual([
      { id: '1', name: 'Thandi Mokoena', code: 'send_failed', message: 'Thandi Mokoena send failed with Mailbox unavailable' },
    ]);
  });
});

describe('received assessments', () => {
  it('refuses the whole selection when one was given by another coach', () => {
    expect(() => refuseReceived([assessment('1'), assessment('2', { receivedFromAnotherCoach: true })])).toThrow(
      expect.objectContaining({ statusCode: 400, code: 'received_from_another_coach', detail: RECEIVED_SELECTION }),
    );
    expect(RECEIVED_SELECTION).toBe(
      'Your selection includes assessments that were given to you by another coach. Please amend your selection and try again.',
    );
    expect(() => refuseReceived([assessment('1'), assessment('2')])).not.toThrow();
  });
});

describe('wrap-up', () => {
  it('refuses a mixed selection and a received assessment', () => {
    expect(() => planWrap([assessment('1', { wrapped: true }), assessment('2')], false)).toThrow(
      expect.objectContaining({ code: 'mixed_wrap_selection' }),
    );
    expect(() => planWrap([assessment('1', { receivedFromAnotherCoach: true })], true)).toThrow(
      expect.objectContaining({ code: 'received_from_another_coach' }),
    );
  });

  it('changes what is not yet in the wanted state', () => {
    const selection = [assessment('1'), assessment('2')];
    expect(planWrap(selection, true).toChange).toEqual(selection);
    expect(planWrap(selection, false).toChange).toEqual([]);
  });
});

describe('per-item messages', () => {
  it('writes the spec’s and the contract’s texts', () => {
    expect(wrapFailed({ id: '1', name: 'Zuzana Horváthová' })).toBe(
      'Zuzana Horváthová wrapped up failed. Update failed for Zuzana Horváthová.',
    );
    expect(alreadyRegistered('Réka Szabó')).toMatchObject({
      code: 'already_registered',
      message: 'Réka Szabó has already registered and cannot be deleted.',
    });
    expect(teamReportLocked('Sales')).toMatchObject({
      code: 'team_report_locked',
      message: 'The report for team Sales has already been requested or generated - cannot delete.',
    });
  });
});
