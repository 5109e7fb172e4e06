import type { GuestReport } from '../utils/report-tabs.ts';
import { type Fact, FactList } from './fact-list.tsx';

type Answer = GuestReport['textAnswers'][number];

const READINGS = [
  ['positive', 'Positive reading'],
  ['neutral', 'Neutral reading'],
  ['negative', 'Negative reading'],
] as const;

type Part = Answer['positive'][number];

const partText = (part: Part) => (part.context ? `${part.context}: ${part.text}` : part.text);

/** One part as text; several as a list, in the legacy order. */
function readingValue(parts: readonly Part[]) {
  if (parts.length === 1) return partText(parts[0] as Part);
  return (
    <ul className="report-answer__parts">
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: parts have no id and may repeat; the list never reorders
        <li key={index}>{partText(part)}</li>
      ))}
    </ul>
  );
}

function answerFacts(answer: Answer): Fact[] {
  return [
    { label: 'Answer', value: answer.rawTextResponse },
    ...READINGS.flatMap(([key, label]) => (answer[key].length > 0 ? [{ label, value: readingValue(answer[key]) }] : [])),
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
