// Secondary coach ownership of assessments (contract tag `sco`); the teams' own SCO operations are in routes/teams.

import { aboutCoachEmail } from '../../domain/sco-rules.ts';
import type { TagRoutes } from '../../plugins/app/openapi-routes.ts';
import { assignAssessmentSco, invalidEmail, revokeAssessmentSco } from './assessment-sco-service.ts';

export const scoRoutes: TagRoutes = () => ({
  // A refused `coachEmail` (missing, too long) is the dialog's own message.
  assignAssessmentSco: {
    invalid: { rules: [{ when: aboutCoachEmail, answer: invalidEmail }] },
    idempotent: true,
    changesLists: true,
    handler: assignAssessmentSco,
  },
  revokeAssessmentSco: { idempotent: true, changesLists: true, handler: revokeAssessmentSco },
});
