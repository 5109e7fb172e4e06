import type { GuestReport } from '../utils/report-tabs.ts';
import { FactList } from './fact-list.tsx';

type PostSurvey = NonNullable<GuestReport['postSurvey']>;

// spec: public-and-guest §3 "Post-survey questions (topics)", in the order QuestionOne to QuestionFive.
const QUESTIONS: readonly [keyof PostSurvey, string][] = [
  ['priorExperience', 'Prior Enneagram experience'],
  ['enneagramType', 'Enneagram type'],
  ['dominantInstinct', 'Dominant instinct'],
  ['howTyped', 'How the person was typed'],
  ['earlierTest', 'Earlier test used'],
];

export function PostSurveyPanel({ answers }: { answers: PostSurvey }) {
  return <FactList facts={QUESTIONS.map(([key, label]) => ({ label, value: answers[key] ?? 'Not answered' }))} />;
}
