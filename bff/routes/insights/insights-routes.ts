// The insights panels (contract tag `insights`): completions per week on the dashboard, the credits used and the
// balance's forecast on Balance, and a team at a glance on the team page, each computed from the lists the BFF
// already reads.
import type { TagRoutes } from '../../plugins/app/openapi-routes.ts';
import { getCompletionsInsight } from './completions-service.ts';
import { getCreditsInsight } from './credits-service.ts';
import { getTeamInsight } from './team-service.ts';

export const insightsRoutes: TagRoutes = ({ snapshots }) => ({
  getCompletionsInsight: (input, ctx) => getCompletionsInsight(input, ctx, snapshots),
  getCreditsInsight: (input, ctx) => getCreditsInsight(input, ctx, snapshots),
  getTeamInsight,
});
