import type { PolicyPage } from '../api/policy-api.ts';

type Acknowledgement = NonNullable<PolicyPage['acknowledgement']>;

/** The coach's typed values once signed or accepted (spec: public-and-guest §3 "Policy", §4 "Policy"). */
export function PolicySignature({ acknowledgement }: { acknowledgement: Acknowledgement }) {
  const { typedName, typedDate, signedAtLocal } = acknowledgement;
  return (
    <dl className="policy__signature">
      {typedName ? (
        <>
          <dt>Typed name</dt>
          <dd>{typedName}</dd>
        </>
      ) : null}
      {typedDate ? (
        <>
          <dt>Typed date</dt>
          <dd>{typedDate}</dd>
        </>
      ) : null}
      <dt>{typedName ? 'Signed at' : 'Accepted at'}</dt>
      <dd>{signedAtLocal}</dd>
    </dl>
  );
}
