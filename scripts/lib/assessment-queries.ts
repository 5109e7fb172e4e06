// The assessments table's sorts and filters, as the contract names them: what the bench and the soak ask the list for.
import type { operations } from '../../generated/bff.ts';

type ListQuery = NonNullable<operations['listAssessments']['parameters']['query']>;

export const ASSESSMENT_SORTS = [
  'info',
  'company',
  'project',
  'ennea',
  'score',
  'assessmentType',
  'language',
  'createdAt',
  'registeredAt',
  'completedAt',
] as const satisfies readonly NonNullable<ListQuery['sort']>[];

export const ASSESSMENT_FILTERS = [
  'notInvitedYet',
  'invitedNotStarted',
  'startedIncomplete',
  'completeInMarking',
  'completeSendReport',
  'wrapped',
  'unwrapped',
] as const satisfies readonly NonNullable<ListQuery['filter']>[];
