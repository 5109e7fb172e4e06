import type { components, paths } from '../../generated/legacy.ts';

// Shapes of the legacy contract the domain rules work on; never redefined here.
export type Assessment = components['schemas']['Assessment'];
export type AssessmentType = Assessment['assessmentType'];
export type AssessmentLanguage = Assessment['assessmentLanguage'];
export type BalanceTransaction = components['schemas']['BalanceTransaction'];
export type Team = components['schemas']['Team'];
export type TeamMember = components['schemas']['TeamMember'];
export type Couple = components['schemas']['Couple'];
export type MiniAssessmentRecord = components['schemas']['MiniAssessmentRecord'];
export type ReportCode = paths['/publish/reports/coach/{reportCode}/{coachId}/{assessmentId}']['get']['parameters']['path']['reportCode'];
export type ReportLanguage = NonNullable<
  NonNullable<paths['/publish/reports/coach/{reportCode}/{coachId}/{assessmentId}']['get']['parameters']['query']>['language']
>;
export type EmailTemplateName =
  paths['/api/v2/coaches/{coachId}/emailtemplates/{templateName}']['get']['parameters']['path']['templateName'];
export type TeamReportType = NonNullable<Team['reportRequested']>;
export type CoupleType = Couple['coupleType'];
