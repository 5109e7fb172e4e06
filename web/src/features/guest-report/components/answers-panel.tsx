import type { GuestReport } from '../utils/report-tabs.ts';
import { type Fact, FactList } from './fact-list.tsx';

type Answer = GuestReport['textAnswers'][number];

const READINGS = [
  ['positive', 'Positive reading'],
  ['neutral', 'Neutral reading'],
  ['negative', 'Negative reading'],
] as const;

function answerFacts(answer: Answer): Fact[] {
  return [
    { label: 'Answer', value: answer.rawTextResponse },
    ...READINGS.flatMap(([key, label]) => {
      const reading = answer[key];
      return reading ? [{ label, value: reading.context ? `${reading.context}: ${reading.text}` : reading.text }] : [];
    }),
  ];
}

/** The guest's free-text answers, each with its readings (spec: public-and-guest §3 gresponses). */
export function AnswersPanel({ answers }: { answers: GuestReport['textAnswers'] }) {
  return (
    <div className="stack">
      {answers.map((answer) => (
        <article key={`${answer.sectionId}-${answer.questionNumber}`} className="report-answer">
          <h3>Question {answer.questionNumber}</h3>
          <p>{answer.questionText}</p>
          <FactList facts={answerFacts(answer)} />
        </article>
      ))}
    </div>
  );
}
